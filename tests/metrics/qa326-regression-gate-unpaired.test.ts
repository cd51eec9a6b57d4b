/**
 * QA326 (review of QA319's 74f15770): a regression gate whose results errored on 10 of the 12
 * examples the baseline holds, the other 2 scored in this run where the baseline's judge had
 * errored, failed "…: 10 of its 12 results errored, the others measured nothing": the other 2 did
 * measure (0.9 each); it is the baseline that has no figure for them. The message now says so.
 */
import { describe, expect, it } from 'vitest';
import { evaluateGates } from '../../src/metrics/gates.js';
import { judgeExampleIds, judgeReport, judgeRows } from '../fixtures/judge-gate-run.js';

const ids = judgeExampleIds(12);
const rows = (score: (i: number) => number | null) => judgeRows(ids, score);
const report = (score: (i: number) => number | null) => judgeReport(ids, score);

describe('a regression gate whose unerrored results have no baseline figure (QA326)', () => {
  it('does not say the others measured nothing', () => {
    // This run: j0..j9 errored, j10 and j11 scored 0.9. The baseline: the reverse.
    const current = (i: number) => (i < 10 ? null : 0.9);
    const baseline = (i: number) => (i < 10 ? 0.9 : null);
    const results = evaluateGates(
      [{ metric: 'judge', regression: { max_drop: 0.02, significance: 0.05 } }],
      { aggregate: report(current), rows: rows(current) },
      rows(baseline),
      { significance: 0.05, seed: 7, resamples: 200 },
    );
    const regression = results.find((r) => r.kind === 'regression');
    expect(regression?.message).toBe(
      'judge has no results at benchmark for h to compare with the baseline: 10 of its 12 results errored and none of the other 2 pairs with a figure of the baseline',
    );
  });
});
