#!/usr/bin/env node
import path from 'node:path';
/**
 * Aggregation micro-benchmark (plain node over dist/: `npm run build` first). Builds a seeded
 * synthetic run — one or more agents, 2 tasks × 2 datasets, N examples in all — with metrics of
 * the shapes `evalc apply` sees: a binary score with mixed results (exact_match), a score that
 * is 1 everywhere (pass_rate of a healthy agent), a continuous score (f1) and a measurement-only
 * value (latency ms). Then times, from one run each:
 *   - `aggregate()` (the stratified bootstrap CIs, `--resamples` per metric × field);
 *   - `pairedBootstrap()` over N paired differences (regression gates, `evalc diff`);
 *   - `evaluateGates()`: min + regression gates at benchmark, task and dataset scope against a
 *     baseline run (the synthetic run with every f1 score lowered a little).
 * With `--baseline DIR` (a dist/ built from an earlier commit, e.g. `git worktree add` + build,
 * or a copy of dist/ taken before a change) it times the same calls there in the same process,
 * prints the ratio, and checks that both produce byte-identical JSON (exit 1 if not).
 *
 * usage: node benchmarks/aggregate/run.mjs [--examples 100000] [--resamples 1000] [--agents 1]
 *        [--repeat 3] [--weights unit|mixed] [--baseline DIR]
 */
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    examples: { type: 'string', default: '100000' },
    resamples: { type: 'string', default: '1000' },
    agents: { type: 'string', default: '1' },
    repeat: { type: 'string', default: '3' },
    weights: { type: 'string', default: 'unit' },
    baseline: { type: 'string' },
  },
});
const examples = Number(values.examples);
const resamples = Number(values.resamples);
const agentCount = Number(values.agents);
const repeat = Number(values.repeat);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function load(dist) {
  const url = (file) => pathToFileURL(path.join(dist, file)).href;
  const { aggregate } = await import(url('metrics/aggregate.js'));
  const { pairedBootstrap } = await import(url('metrics/stats/paired-bootstrap.js'));
  const { evaluateGates } = await import(url('metrics/gates.js'));
  const { flattenResults } = await import(url('metrics/example-rows.js'));
  return { aggregate, pairedBootstrap, evaluateGates, flattenResults };
}

/** mulberry32, for the synthetic data only. */
function rng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const metricDefs = [
  { id: 'exact_match', type: 'exact_match', params: {} },
  { id: 'pass_rate', type: 'pass_rate', params: {} },
  { id: 'f1', type: 'f1', params: {} },
  { id: 'latency', type: 'steps', params: {} },
];

function buildInput() {
  const random = rng(42);
  const agents = Array.from({ length: agentCount }, (_, i) => `agent-${i}`);
  const sizes = [0.4, 0.1, 0.3, 0.2].map((share) => Math.round(share * examples));
  let k = 0;
  const tasks = [0, 1].map((ti) => ({
    id: `task-${ti}`,
    weight: ti + 1,
    metrics: metricDefs,
    datasets: [0, 1].map((di) => {
      const size = sizes[k++];
      const byAgent = {};
      for (const agent of agents) {
        byAgent[agent] = Array.from({ length: size }, (_, e) => ({
          example: `e${e}`,
          weight: values.weights === 'mixed' ? 1 + Math.floor(random() * 3) : 1,
          invokeErrors: 0,
          repeats: 1,
          metrics: {
            exact_match: { score: random() < 0.7 ? 1 : 0, errors: 0 },
            pass_rate: { score: 1, errors: 0 },
            f1: random() < 0.01 ? { score: null, errors: 1 } : { score: random(), errors: 0 },
            latency: { score: null, value: 20 + random() * 80, errors: 0 },
          },
        }));
      }
      return { id: `ds-${di}`, weight: 1, agents: byAgent };
    }),
  }));
  return { benchmark: 'bench', tasks, bootstrap: { seed: 7, resamples } };
}

/** The same run with f1 lowered by up to 0.05 on every third example: a baseline for the gates. */
function baselineOf(input) {
  return {
    ...input,
    tasks: input.tasks.map((t) => ({
      ...t,
      datasets: t.datasets.map((d) => ({
        ...d,
        agents: Object.fromEntries(
          Object.entries(d.agents).map(([agent, outcomes]) => [
            agent,
            outcomes.map((o, i) => {
              const f1 = o.metrics.f1;
              if (i % 3 !== 0 || f1.score === null) return o;
              const score = Math.max(0, f1.score - 0.05 * ((i % 7) / 6));
              return { ...o, metrics: { ...o.metrics, f1: { ...f1, score } } };
            }),
          ]),
        ),
      })),
    })),
  };
}

const gates = [
  { metric: 'f1', scope: 'benchmark', min: 0.4, regression: { max_drop: 0.001 } },
  { metric: 'f1', scope: 'dataset', regression: { max_drop: 0.001 } },
  { metric: 'exact_match', scope: 'task', min: 0.5, regression: { max_drop: 0.01 } },
  { metric: 'latency', scope: 'dataset', max: 90 },
];

function pairedData() {
  const random = rng(99);
  const base = Array.from({ length: examples }, () => random());
  const cur = base.map((x) => Math.min(1, Math.max(0, x + (random() - 0.52) * 0.2)));
  const weights = base.map(() => (values.weights === 'mixed' ? 1 + Math.floor(random() * 3) : 1));
  return { base, cur, weights };
}

/** Best of `repeat` runs, by CPU time of this process (user + sys; steadier than wall time on a shared machine). */
function time(fn) {
  let best = Number.POSITIVE_INFINITY;
  let wall = 0;
  let result;
  for (let i = 0; i < repeat; i += 1) {
    const start = performance.now();
    const cpu = process.cpuUsage();
    result = fn();
    const used = process.cpuUsage(cpu);
    const ms = (used.user + used.system) / 1000;
    if (ms < best) {
      best = ms;
      wall = performance.now() - start;
    }
  }
  return { ms: best, wall, result };
}

const input = buildInput();
const paired = pairedData();
const impls = [{ name: 'current', dist: path.join(root, 'dist') }];
if (values.baseline) impls.push({ name: 'baseline', dist: path.resolve(values.baseline) });

const rows = [];
for (const impl of impls) {
  const { aggregate, pairedBootstrap, evaluateGates, flattenResults } = await load(impl.dist);
  const agg = time(() => aggregate(input));
  const pb = time(() => pairedBootstrap(paired.base, paired.cur, paired.weights, { seed: 3, resamples }));
  const report = agg.result;
  const currentRows = flattenResults(input);
  const baselineRows = flattenResults(baselineOf(input));
  const gt = time(() =>
    evaluateGates(gates, { aggregate: report, rows: currentRows }, baselineRows, {
      significance: 0.05,
      seed: 7,
      resamples,
      metricTypes: { latency: 'steps' },
    }),
  );
  rows.push({ ...impl, agg, pb, gt });
}

const draws = examples * agentCount * resamples;
process.stdout.write(
  `examples ${examples}, agents ${agentCount}, resamples ${resamples}, weights ${values.weights}, ` +
    `CPU ms, best of ${repeat} (node ${process.version})\n`,
);
for (const r of rows) {
  process.stdout.write(
    `${r.name.padEnd(8)} aggregate ${r.agg.ms.toFixed(0).padStart(6)} ms ` +
      `(${((r.agg.ms * 1e6) / (draws * 4)).toFixed(2)} ns per draw, 4 metric fields)   ` +
      `pairedBootstrap ${r.pb.ms.toFixed(0).padStart(6)} ms ` +
      `(${((r.pb.ms * 1e6) / (examples * resamples)).toFixed(2)} ns per draw)   ` +
      `evaluateGates ${r.gt.ms.toFixed(0).padStart(6)} ms ` +
      `(${r.gt.result.length} results)   [wall ${r.agg.wall.toFixed(0)} / ${r.pb.wall.toFixed(0)} / ${r.gt.wall.toFixed(0)} ms]\n`,
  );
}
if (rows.length === 2) {
  const [cur, base] = rows;
  process.stdout.write(
    `speed-up: aggregate ×${(base.agg.ms / cur.agg.ms).toFixed(2)}, ` +
      `pairedBootstrap ×${(base.pb.ms / cur.pb.ms).toFixed(2)}, evaluateGates ×${(base.gt.ms / cur.gt.ms).toFixed(2)}\n`,
  );
  const sameAgg = JSON.stringify(cur.agg.result) === JSON.stringify(base.agg.result);
  const samePb = JSON.stringify(cur.pb.result) === JSON.stringify(base.pb.result);
  const sameGt = JSON.stringify(cur.gt.result) === JSON.stringify(base.gt.result);
  process.stdout.write(
    `identical results: aggregate ${sameAgg}, pairedBootstrap ${samePb}, evaluateGates ${sameGt}\n`,
  );
  if (!sameAgg || !samePb || !sameGt) process.exitCode = 1;
}
