/**
 * report.md's "Changes vs baseline" verdict line: ❌ for a significant regression, a failed
 * regression gate (tests/reports/qa49-gate-vs-deltas.test.ts) or a gate that fails now and passed
 * before, ⚠️ when examples flipped pass → fail without any of them, ✅ only when none did. A ✅
 * beside "3 pass → fail" read as all clear to a reviewer while three examples had started failing
 * (QA91); a ⚠️ beside a min gate that went passed → failed did too (QA169).
 */
import { describe, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import { renderReports } from '../../src/reports/index.js';
import { a2WorseGatesHolding, a2WorseLock, baselineLock } from '../fixtures/locks/variants.js';

function verdictLine(
  lock: ReturnType<typeof baselineLock>,
  baseline: ReturnType<typeof baselineLock> = baselineLock(),
): string {
  const md = renderReports({ lock, baseline })['report.md'];
  const changes = md.slice(md.indexOf('### Changes vs baseline'));
  return changes.split('\n')[2]!;
}

describe('report.md: the verdict line of the changes vs the baseline', () => {
  it('is ✅ when no example flipped and nothing regressed', () => {
    expect(verdictLine(baselineLock())).toMatch(
      /^✅ \*\*0\*\* significant regressions · .* \*\*0\*\* pass → fail/,
    );
  });

  it('is ⚠️, not ✅, when examples flipped pass → fail without a significant regression', () => {
    expect(verdictLine(a2WorseGatesHolding())).toMatch(
      /^⚠️ \*\*0\*\* significant regressions · \*\*0\*\* improvements · \*\*3\*\* pass → fail/,
    );
  });

  it('is ❌ when a gate that passed fails now, and counts it (QA169: it was ⚠️, or ✅ without flips)', () => {
    // a2's min pass_rate gate goes 0.796 → 0.704, passed → failed, with no significant delta.
    expect(verdictLine(a2WorseLock())).toMatch(
      /^❌ \*\*0\*\* significant regressions · \*\*1\*\* newly failing gate · \*\*0\*\* improvements · \*\*3\*\* pass → fail/,
    );
    // A gate failing in both runs is no change: the verdict is the flips' alone.
    const both = baselineLock();
    both.gates = (both.gates ?? []).map((g) =>
      g.agent === 'a2' && g.kind === 'min' ? { ...g, passed: false } : g,
    );
    const worse = a2WorseLock();
    expect(verdictLine(worse, both)).toMatch(/^⚠️ \*\*0\*\* significant regressions · \*\*0\*\* improvements/);
    // QA174: nor is one failing in both runs whose bound the pull request moved (min 0.7 → 0.8): it
    // read '1 newly failing gate' and ❌ of a gate that failed in the baseline too.
    const bound = (lock: ReturnType<typeof baselineLock>, min: number) =>
      (lock.gates ?? []).map((g) =>
        g.agent === 'a2' && g.kind === 'min'
          ? { ...g, passed: false, message: `pass_rate = 0.700 at benchmark for a2; required ≥ ${min}` }
          : g,
      );
    const rebound = a2WorseLock();
    both.gates = bound(both, 0.75);
    rebound.gates = bound(rebound, 0.8);
    const reboundLine = verdictLine(rebound, both);
    expect(reboundLine).toMatch(/^⚠️ \*\*0\*\* significant regressions · \*\*0\*\* improvements/);
    expect(renderReports({ lock: rebound, baseline: both })['report.md']).toContain('(min 0.75 → 0.8)');
    expect(diffLocks(both, rebound).summary.gatesNewlyFailing).toBe(0);
    // A gate the baseline did not have, failing now, is newly failing too: a2's, and the one that
    // fails in both fixture locks.
    const none = baselineLock();
    const failingInBoth = (none.gates ?? []).filter((g) => !g.passed).length;
    expect(failingInBoth).toBe(1);
    none.gates = [];
    expect(verdictLine(worse, none)).toMatch(/^❌ .* · \*\*2\*\* newly failing gates · /);
  });
});
