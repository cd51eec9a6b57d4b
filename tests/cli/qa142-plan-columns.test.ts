/**
 * QA142: DESIGN §6's plan output sets its counts in one column and their units in the next, so the
 * numbers line up and `4 nodes` reads under `3 examples`:
 *
 *   + invoke     course-advisor/search[a2]          10 examples   new agent
 *   ~ aggregate  course-advisor                      4 nodes      because scores changed
 *
 * evalc right-aligned "count unit" as one text, so an aggregate row's (or a singular row's) number
 * stood three (or one) columns right of the others': `4 nodes   because`. The reasons' column is
 * unchanged, and so is every row counted in `examples`.
 */
import { describe, expect, it } from 'vitest';
import { renderPlanText } from '../../src/cli/render-plan.js';
import type { PlanRow } from '../../src/compiler/plan-rows.js';
import type { RunPlan } from '../../src/compiler/plan-run.js';

const plan = (rows: PlanRow[]): RunPlan => ({
  benchmark: 'course-advisor',
  rows,
  counts: {
    invoke: { run: 13, cached: 20 },
    extract: { run: 13, cached: 20 },
    score: { run: 40, cached: 37 },
    aggregate: { run: 4, cached: 0 },
  },
  hasChanges: true,
  upToDate: false,
  skipped: 0,
  lockOnly: 0,
  renderFailures: 0,
});

const row = (
  symbol: PlanRow['symbol'],
  kind: PlanRow['kind'],
  target: string,
  count: number,
  unit: PlanRow['unit'],
  reason: string,
): PlanRow => ({ symbol, kind, target, count, unit, reason });

/** Where each line's count ends and its reason starts. */
function columns(text: string): Array<{ countEnd: number; reasonStart: number }> {
  return text
    .split('\n')
    .filter((l) => /^ {2}[+~] /.test(l))
    .map((l) => {
      const m = /^(.*?\S) +(\d+) (examples?|runs?|nodes?) +(\S.*)$/.exec(l);
      if (!m) throw new Error(`not a plan row: ${l}`);
      const countEnd =
        (m[1] ?? '').length + l.slice((m[1] ?? '').length).indexOf(m[2] ?? '') + (m[2] ?? '').length;
      return { countEnd, reasonStart: l.length - (m[4] ?? '').length };
    });
}

describe('plan rows (DESIGN §6)', () => {
  it("sets the counts in one column, the units in the next and the reasons after: DESIGN's example", () => {
    const text = renderPlanText(
      plan([
        row('+', 'invoke', 'course-advisor/search[a2]', 10, 'examples', 'new agent'),
        row(
          '~',
          'invoke',
          'course-advisor/details[a1]',
          3,
          'examples',
          'because input changed (template bindings.default.input)',
        ),
        row(
          '~',
          'score',
          'course-advisor/*/exact_match',
          27,
          'examples',
          'because metric params changed (mode: list → set)',
        ),
        row('~', 'aggregate', 'course-advisor', 4, 'nodes', 'because scores changed'),
      ]),
    );
    expect(text).toContain(
      '  ~ aggregate  course-advisor                     4 nodes      because scores changed\n',
    );
    expect(text).toContain('  + invoke     course-advisor/search[a2]         10 examples   new agent\n');
    const cols = columns(text);
    expect(cols).toHaveLength(4);
    expect(new Set(cols.map((c) => c.countEnd)).size).toBe(1);
    expect(new Set(cols.map((c) => c.reasonStart)).size).toBe(1);
  });

  it('keeps a singular unit, runs and a five-digit count in the same columns', () => {
    const cols = columns(
      renderPlanText(
        plan([
          row('~', 'invoke', 't/d[a1]', 1, 'examples', 'because input changed'),
          row('~', 'extract', 't/d[a1]', 12345, 'runs', 'because its invoke runs'),
          row('~', 'score', 't/d[a1]/judge', 1, 'runs', 'because its extract runs'),
          row('~', 'aggregate', 't', 1, 'nodes', 'because scores changed'),
        ]),
      ),
    );
    expect(new Set(cols.map((c) => c.countEnd)).size).toBe(1);
    expect(new Set(cols.map((c) => c.reasonStart)).size).toBe(1);
  });
});
