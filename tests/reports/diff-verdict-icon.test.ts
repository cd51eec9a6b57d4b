/**
 * report.md's "Changes vs baseline" verdict line: ❌ for a significant regression or a failed
 * regression gate (tests/reports/qa49-gate-vs-deltas.test.ts), ⚠️ when examples flipped pass → fail
 * without either, ✅ only when none did. A ✅ beside "3 pass → fail" read as all clear to a
 * reviewer while three examples had started failing (QA91).
 */
import { describe, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { a2WorseLock, baselineLock } from '../fixtures/locks/variants.js';

function verdictLine(lock: ReturnType<typeof baselineLock>): string {
  const md = renderReports({ lock, baseline: baselineLock() })['report.md'];
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
    expect(verdictLine(a2WorseLock())).toMatch(
      /^⚠️ \*\*0\*\* significant regressions · .* \*\*3\*\* pass → fail/,
    );
  });
});
