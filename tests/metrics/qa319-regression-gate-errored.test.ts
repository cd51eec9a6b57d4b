/**
 * QA319: a regression gate on a judge whose every call failed in this run (HTTP 500 on all 12
 * examples the baseline scored) was skipped as "no paired examples with the baseline at benchmark",
 * and apply's summary read `1 skipped (regression: no paired examples in the baseline: …)`, though
 * the baseline held every example; the min gate beside it failed "every result errored", as
 * src/metrics/README.md says a metric whose results all errored does. It now fails alike. A judge
 * that failed on 10 of 12 read `0.550 → 0.550 (drop 0.000 …) n = 2 …: drop ≤ max_drop` and said
 * nothing of the 10 results left out of the test: the message now counts them.
 */
import { describe, expect, it } from 'vitest';
import { gateSummary } from '../../src/cli/gate-summary.js';
import { evaluateGates } from '../../src/metrics/gates.js';
import { judgeExampleIds, judgeReport, judgeRows } from '../fixtures/judge-gate-run.js';

const ids = judgeExampleIds(12);
// The baseline's judge scores: 0.9 on two examples of three, 0.2 on the third.
const baseScore = (i: number) => (i % 3 === 0 ? 0.2 : 0.9);
const rows = (score: (i: number) => number | null) => judgeRows(ids, score);
const report = (score: (i: number) => number | null) => judgeReport(ids, score);

const gates = [
  { metric: 'judge', regression: { max_drop: 0.02, significance: 0.05 } },
  { metric: 'judge', min: 0.5 },
];
const options = { significance: 0.05, seed: 7, resamples: 200 };

describe('a regression gate on results that errored in this run (QA319)', () => {
  it('fails when every result the baseline holds errored, as the min gate does', () => {
    const none = () => null;
    const results = evaluateGates(
      gates,
      { aggregate: report(none), rows: rows(none) },
      rows(baseScore),
      options,
    );
    const regression = results.find((r) => r.kind === 'regression');
    expect(regression).toMatchObject({ passed: false, actual: null });
    expect(regression?.skipped).toBeFalsy();
    expect(regression?.message).toBe(
      'judge has no results at benchmark for h to compare with the baseline: every result errored',
    );
    expect(results.find((r) => r.kind === 'min')?.message).toBe(
      'judge has no results at benchmark for h: every result errored',
    );
    expect(gateSummary(results)).toBe('gates 0/2 passed, 2 failed');
  });

  it('counts the results the paired test left out when some errored', () => {
    // The judge scored j0 (0.2) and j1 (0.9) as before and failed on the other ten.
    const some = (i: number) => (i < 2 ? baseScore(i) : null);
    const results = evaluateGates(
      gates,
      { aggregate: report(some), rows: rows(some) },
      rows(baseScore),
      options,
    );
    const regression = results.find((r) => r.kind === 'regression');
    expect(regression?.passed).toBe(true);
    expect(regression?.test?.n).toBe(2);
    expect(regression?.message).toMatch(
      /^judge at benchmark for h: 0\.550 → 0\.550 \(drop 0\.000, max_drop 0\.02\); .*n = 2, α = 0\.05\): drop ≤ max_drop 0\.02; 10 results of 12 errored in this run and are not compared$/,
    );
  });

  it('says nothing more when no result errored', () => {
    const results = evaluateGates(
      gates,
      { aggregate: report(baseScore), rows: rows(baseScore) },
      rows(baseScore),
      options,
    );
    expect(results.find((r) => r.kind === 'regression')?.message).toMatch(/: drop ≤ max_drop 0\.02$/);
  });
});
