/**
 * Set metrics in the aggregate (win_rate, judge_agreement, position_bias): computed per dataset
 * over all of an agent's examples (and the other agents'), then averaged up with the dataset and
 * task weights, without a CI — their score and, when they have one, their value (judge_agreement's
 * signed correlation, position_bias's bias).
 */
import type { AgentAggregate, AggregateInput, AggregateNode, MetricAggregate } from './aggregate.js';
import { getMetricDefinition } from './registry.js';
import { weightedMean } from './stats/descriptive.js';

/** The node's aggregate of metric `id`, created empty when missing. */
export function ensureMetric(node: AggregateNode, id: string): MetricAggregate {
  // An own entry only: a metric id may be `valueOf`, which Object.prototype also answers (QA35).
  let agg = Object.hasOwn(node.metrics, id) ? node.metrics[id] : undefined;
  if (!agg) {
    agg = { score: null, value: null, errors: 0 };
    node.metrics[id] = agg;
  }
  return agg;
}

/** The set metrics (stage `set`) of one agent: per dataset, then weighted up to tasks and the benchmark, no CI. */
export function computeSetMetrics(input: AggregateInput, agent: string, report: AgentAggregate) {
  input.tasks.forEach((t) => {
    for (const m of t.metrics) {
      const def = getMetricDefinition(m.type);
      if (def?.stage !== 'set') continue;
      const dsScores: { score: number; weight: number; n: number }[] = [];
      const dsValues: { value: number; weight: number; n: number }[] = [];
      for (const d of t.datasets) {
        const examples = d.agents[agent];
        if (!examples) continue;
        const others = Object.fromEntries(Object.entries(d.agents).filter(([a]) => a !== agent));
        const r = def.compute({ agent, examples, others }, m.params);
        const node = report.tasks[t.id]?.datasets[d.id];
        if (!node) continue;
        const agg = ensureMetric(node, m.id);
        const n = examples.length;
        if (r.score !== null) {
          agg.score = { mean: r.score, ci: null, n };
          dsScores.push({ score: r.score, weight: d.weight, n });
        }
        if (r.value !== undefined) {
          agg.value = { mean: r.value, ci: null, n };
          dsValues.push({ value: r.value, weight: d.weight, n });
        }
        if (r.error) agg.errors += 1;
        if (r.details !== undefined) agg.details = r.details;
      }
      const tm = weightedMean(
        dsScores.map((x) => x.score),
        dsScores.map((x) => x.weight),
      );
      const tNode = report.tasks[t.id];
      // n counts examples, as every other node's n does (it counted datasets: a benchmark's
      // judge_agreement over 30 examples said n = 1; QA37).
      const examplesOf = (xs: { n: number }[]) => xs.reduce((sum, x) => sum + x.n, 0);
      if (tNode && tm !== null)
        ensureMetric(tNode, m.id).score = { mean: tm, ci: null, n: examplesOf(dsScores) };
      // The measurement goes up too (judge_agreement's signed r, position_bias's bias): above the
      // datasets only max(0, r) was left, so a benchmark of r = −0.27 and 0.58 showed 0.19, no r.
      const tv = weightedMean(
        dsValues.map((x) => x.value),
        dsValues.map((x) => x.weight),
      );
      if (tNode && tv !== null)
        ensureMetric(tNode, m.id).value = { mean: tv, ci: null, n: examplesOf(dsValues) };
    }
  });
  const setIds = new Set(
    input.tasks.flatMap((t) =>
      t.metrics.filter((m) => getMetricDefinition(m.type)?.stage === 'set').map((m) => m.id),
    ),
  );
  for (const id of setIds) {
    const nOf = (task: string, field: 'score' | 'value') => report.tasks[task]?.metrics[id]?.[field]?.n ?? 0;
    const sumN = (xs: { n: number }[]) => xs.reduce((sum, x) => sum + x.n, 0);
    const parts = input.tasks
      .map((t) => ({ m: report.tasks[t.id]?.metrics[id]?.score?.mean, w: t.weight, n: nOf(t.id, 'score') }))
      .filter((x): x is { m: number; w: number; n: number } => typeof x.m === 'number');
    const bm = weightedMean(
      parts.map((x) => x.m),
      parts.map((x) => x.w),
    );
    if (bm !== null) ensureMetric(report, id).score = { mean: bm, ci: null, n: sumN(parts) };
    const values = input.tasks
      .map((t) => ({ v: report.tasks[t.id]?.metrics[id]?.value?.mean, w: t.weight, n: nOf(t.id, 'value') }))
      .filter((x): x is { v: number; w: number; n: number } => typeof x.v === 'number');
    const bv = weightedMean(
      values.map((x) => x.v),
      values.map((x) => x.w),
    );
    if (bv !== null) ensureMetric(report, id).value = { mean: bv, ci: null, n: sumN(values) };
  }
}
