/**
 * Regression gates: the current per-example results paired with the baseline lock's by (agent,
 * task, dataset, example), pooled with hierarchical weights; exact McNemar for pass/fail scores
 * whose pairs weigh the same, the paired sign-flip test otherwise, with the paired-bootstrap 95% CI of the change (gates.ts
 * says when a gate fails).
 */

import { asRecorded } from './decimal-round.js';
import { type ExampleScoreRow, hierarchicalWeights } from './example-rows.js';
import { fmt, fmtP } from './gate-figures.js';
import type { GateOptions, GateResult, GateSpec, Group, RegressionTest } from './gates.js';
import { monteCarloFloorClause, pClause } from './p-value-text.js';
import { getMetricDefinition } from './registry.js';
import { weightedMean } from './stats/descriptive.js';
import { countDiscordant, mcnemarApplies, mcnemarExact } from './stats/mcnemar.js';
import { pairedBootstrap } from './stats/paired-bootstrap.js';
import { deriveSeed } from './stats/prng.js';

/** A gate target as `evalc diff` names the scope: 'benchmark', 'task/T', 'dataset/T/D'. */
function diffScope(target: string): string {
  if (target.startsWith('task:')) return `task/${target.slice(5)}`;
  if (target.startsWith('dataset:')) return `dataset/${target.slice(8)}`;
  return target;
}

function valueHigherIsBetter(metric: string, options: GateOptions): boolean {
  const type = options.metricTypes?.[metric] ?? metric;
  return getMetricDefinition(type)?.higherIsBetter ?? true;
}

/** A measurement without a budget (tokens, cost, steps): no per-example score, and no value in a lock. */
function isMeasurement(metric: string, current: ExampleScoreRow[], options: GateOptions): boolean {
  const definition = getMetricDefinition(options.metricTypes?.[metric] ?? metric);
  return (
    definition?.family === 'efficiency' &&
    definition.stage === 'example' &&
    current.every((r) => r.score === null)
  );
}

/** A regression gate at one target for one agent: the paired test against the baseline's rows. */
export function regressionResult(
  gate: GateSpec,
  agent: string,
  group: Group,
  current: ExampleScoreRow[],
  baseline: ExampleScoreRow[] | undefined,
  options: GateOptions,
): GateResult {
  const reg = gate.regression ?? {};
  const maxDrop = reg.max_drop ?? 0;
  const alpha = reg.significance ?? options.significance;
  const base = { gate, kind: 'regression' as const, agent, target: group.target };
  if (!baseline) {
    return {
      ...base,
      passed: true,
      skipped: true,
      actual: null,
      message: `${gate.metric}: no baseline, regression check skipped`,
    };
  }
  const key = (r: ExampleScoreRow) => `${r.task}\u0000${r.dataset}\u0000${r.example}`;
  const baseByKey = new Map(baseline.filter(group.rows).map((r) => [key(r), r]));
  const pairsScore: [ExampleScoreRow, ExampleScoreRow][] = [];
  const pairsValue: [ExampleScoreRow, ExampleScoreRow][] = [];
  let matched = 0;
  // Results of examples the baseline holds that errored in this run (a judge that kept failing):
  // no figure to pair, so the test leaves them out and the message says how many (QA319).
  let errored = 0;
  for (const r of current) {
    const b = baseByKey.get(key(r));
    if (!b) continue;
    matched++;
    if (r.score === null && r.value === undefined && (r.errors ?? 0) > 0) errored++;
    if (r.score !== null && b.score !== null) pairsScore.push([b, r]);
    if (r.value !== undefined && b.value !== undefined) pairsValue.push([b, r]);
  }
  const field = pairsScore.length > 0 ? 'score' : 'value';
  const pairs = field === 'score' ? pairsScore : pairsValue;
  if (pairs.length === 0 && errored > 0 && !isMeasurement(gate.metric, current, options)) {
    // QA319: a judge failing on every example the baseline holds was skipped as "no paired examples
    // with the baseline" (exit 0) beside its min gate's "every result errored" failure; a metric
    // whose results all errored fails every gate (src/metrics/README.md).
    const why =
      errored === matched
        ? 'every result errored'
        : // QA326: the others may have measured where the baseline has no figure (its judge errored there).
          `${errored} of its ${matched} results errored and ${matched - errored === 1 ? 'the other 1 pairs with no figure of the baseline' : `none of the other ${matched - errored} pairs with a figure of the baseline`}`;
    return {
      ...base,
      passed: false,
      actual: null,
      message: `${gate.metric} has no results at ${group.target} for ${agent} to compare with the baseline: ${why}`,
    };
  }
  if (pairs.length === 0) {
    return {
      ...base,
      passed: true,
      skipped: true,
      actual: null,
      // Examples in common but nothing to pair: a measurement, whose values a lock does not keep (QA38).
      message:
        matched > 0 && isMeasurement(gate.metric, current, options)
          ? `${gate.metric}: the baseline keeps no per-example ${gate.metric} values to pair (a measurement without a budget: evalc.lock keeps its volatile mean only), regression check skipped`
          : `${gate.metric}: no paired examples with the baseline at ${group.target} for ${agent}`,
    };
  }
  // `evalc diff` tests the same pairs in the same order with the same seed, so one comparison
  // has one p-value and CI in report.md's gates and in its "Changes vs baseline" table (they
  // were two bootstrap estimates: p = 0.2907 in the gate, 0.323 in the table).
  const order = (r: ExampleScoreRow) => `${r.task}\u0000${r.dataset}\u0000${r.example}`;
  pairs.sort(([, x], [, y]) => {
    const a = order(x);
    const b = order(y);
    return a < b ? -1 : a > b ? 1 : 0;
  });
  // Both sides as evalc.lock records them (12 significant digits): a baseline lock's 0.666666666667
  // against this run's 0.6666666666666666 was a changed pair, so a fresh apply's sign-flip test had
  // more pairs, and another p, than `evalc diff` and a re-apply of the same lock (QA46).
  const pick = (r: ExampleScoreRow) => asRecorded(field === 'score' ? (r.score ?? 0) : (r.value ?? 0));
  const b = pairs.map(([x]) => pick(x));
  const c = pairs.map(([, y]) => pick(y));
  const weights = hierarchicalWeights(pairs.map(([, y]) => y));
  if (!weights.some((w) => w > 0)) {
    // No mean to compare: it read "0.000 → 0.000 (drop 0.000 …): drop ≤ max_drop" and passed; a
    // min/max gate on results that all weigh 0 fails saying so, and so does this one (QA71).
    const many =
      pairs.length === 1 ? 'its 1 paired result weighs 0' : `its ${pairs.length} paired results all weigh 0`;
    return {
      ...base,
      passed: false,
      actual: null,
      message: `${gate.metric} has no results at ${group.target} for ${agent}: ${many} (example, dataset or task weights), so there is no mean to compare with the baseline`,
    };
  }
  const seed = deriveSeed(options.seed, `${diffScope(group.target)}\u0000${agent}\u0000${gate.metric}`);
  const boot = pairedBootstrap(b, c, weights, { seed, resamples: options.resamples });
  const baseMean = weightedMean(b, weights) ?? 0;
  const curMean = weightedMean(c, weights) ?? 0;
  const higherBetter = field === 'score' || valueHigherIsBetter(gate.metric, options);
  const meanDiff = boot?.meanDiff ?? curMean - baseMean;
  // As the lock records it: a drop of exactly max_drop is not above it (decimal-round.ts).
  const drop = asRecorded(higherBetter ? -meanDiff : meanDiff);
  // As `evalc diff` decides (QA266): McNemar only when every pair weighs the same, else the sign-flip test.
  const binary = field === 'score' && mcnemarApplies(b, c, weights);
  let pValue = boot?.pValue ?? 1;
  let discordant: { b: number; c: number } | undefined;
  if (binary) {
    discordant = countDiscordant(
      b.map((x) => x === 1),
      c.map((x) => x === 1),
      weights,
    );
    pValue = mcnemarExact(discordant.b, discordant.c).pValue;
  }
  const method = binary ? 'mcnemar' : 'sign_flip';
  const ci: [number, number] = boot?.ci ?? [meanDiff, meanDiff];
  // McNemar only at one pair weight (mcnemarApplies): its flips point the way the change does.
  const significant = pValue < alpha;
  const passed = !(drop > maxDrop && significant);
  // A Monte Carlo p never goes below 1/(B + 1): at an α there or below, "not significant" is the test's
  // resolution, not evidence (QA262: a drop with exact p < 1e-20 read `p = 0.0010 … not significant`).
  const floorClause =
    method === 'sign_flip' && boot && !boot.exact
      ? monteCarloFloorClause(alpha, options.resamples)
      : undefined;
  // A rise of the mean (a fall, for a lower-is-better value) that shows at the message's precision.
  const better = drop < 0 && fmt(-drop) !== fmt(0);
  const verdict = passed
    ? better
      ? 'no drop'
      : drop <= maxDrop
        ? `drop ≤ max_drop ${maxDrop}`
        : floorClause !== undefined
          ? `not significant (${floorClause})`
          : 'not significant'
    : 'REGRESSION';
  // An improvement read "(drop -1.000, max_drop 0.02) … drop ≤ max_drop" (QA111): it says so.
  const what = field === 'score' ? gate.metric : `${gate.metric} (value)`;
  // QA319: a judge that failed on 10 of 12 examples read "0.550 → 0.550 … n = 2 …: drop ≤ max_drop" and
  // nothing of the 10 results the test could not see.
  const unpaired =
    errored === 0
      ? ''
      : `; ${errored === 1 ? '1 result' : `${errored} results`} of ${matched} errored in this run and ${errored === 1 ? 'is' : 'are'} not compared`;
  const message =
    `${what} at ${group.target} for ${agent}: ${fmt(baseMean)} → ${fmt(curMean)} (${better ? `better by ${fmt(-drop)}` : `drop ${fmt(drop)}`}, max_drop ${maxDrop}); ` +
    `95% CI of the change [${fmt(ci[0])}, ${fmt(ci[1])}], p ${pClause(fmtP(pValue, alpha))} (${method === 'mcnemar' ? `exact McNemar, b=${discordant?.b} c=${discordant?.c}` : `paired bootstrap CI, ${boot?.exact ? 'exact ' : ''}sign-flip p`}, n = ${pairs.length}, α = ${alpha}): ${verdict}${unpaired}`;
  const test: RegressionTest = {
    method,
    field,
    baseline: baseMean,
    current: curMean,
    meanDiff,
    ci,
    pValue,
    n: pairs.length,
  };
  if (discordant) test.discordant = discordant;
  return { ...base, passed, actual: curMean, message, test };
}
