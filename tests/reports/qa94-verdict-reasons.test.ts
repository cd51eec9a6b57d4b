/**
 * QA94 (review of 6d4c70f): report.md's "Changes vs baseline" verdict line says on that line why it
 * is not ✅, and is ✅ only when something was compared and nothing went wrong:
 * - a regression gate failed at its own significance while the table found nothing significant:
 *   the line read "❌ **0** significant regressions · … · **3** pass → fail" — a ❌ beside zero;
 * - a baseline of another plan (every task renamed): "✅ … 0 paired examples, 20 new, 20 gone"
 *   read as all clear with nothing compared.
 */
import { describe, expect, it } from 'vitest';
import type { Lockfile } from '../../src/lockfile/types.js';
import { renderReports } from '../../src/reports/index.js';
import { a2WorseGatesHolding, a2WorseLock, baselineLock } from '../fixtures/locks/variants.js';

/** report.html's comparison verdict: the span's class and the rest of its paragraph. */
function htmlVerdict(lock: Lockfile, baseline: Lockfile): string {
  const html = renderReports({ lock, baseline })['report.html'];
  const at = html.indexOf('<section id="compare">');
  return html.slice(html.indexOf('<p><span class=', at), html.indexOf('</p>', at));
}

function verdictLine(lock: Lockfile, baseline: Lockfile): string {
  const md = renderReports({ lock, baseline })['report.md'];
  const changes = md.slice(md.indexOf('### Changes vs baseline'));
  return changes.split('\n')[2]!;
}

describe("report.md's verdict line names its reason (QA94)", () => {
  it('counts the failed regression gates beside 0 significant regressions', () => {
    const lock = a2WorseLock();
    lock.gates = (lock.gates ?? []).map((g) =>
      g.kind === 'regression' && g.agent === 'a2'
        ? { ...g, metric: 'pass_rate', passed: false, actual: 0.7, message: 'pass_rate: REGRESSION' }
        : g,
    );
    expect(verdictLine(lock, baselineLock())).toMatch(
      /^❌ \*\*0\*\* significant regressions · \*\*1\*\* failed regression gate · .* \*\*3\*\* pass → fail/,
    );
  });

  it('is ⚠️ (nothing compared), not ✅, when no example paired', () => {
    const baseline = baselineLock();
    baseline.results = baseline.results.map((r) => ({ ...r, example: `old-${r.example}` }));
    const line = verdictLine(baselineLock(), baseline);
    expect(line).toMatch(/^⚠️ \*\*0\*\* significant regressions · /);
    expect(line).toContain('0 paired examples (nothing compared), ');
  });

  it('stays ✅ with no failed gate when examples paired and none flipped', () => {
    const line = verdictLine(baselineLock(), baselineLock());
    expect(line).toMatch(/^✅ \*\*0\*\* significant regressions · \*\*0\*\* improvements/);
    expect(line).not.toContain('nothing compared');
  });

  it("report.html's verdict is green only when report.md's is ✅, and says the same reasons", () => {
    expect(htmlVerdict(a2WorseGatesHolding(), baselineLock())).toMatch(
      /^<p><span class="caution">0 significant regressions<\/span> · 0 improvements · 3 pass → fail/,
    );
    // a2's min pass_rate gate went passed → failed (QA169: it was caution, as report.md's ⚠️).
    expect(htmlVerdict(a2WorseLock(), baselineLock())).toMatch(
      /^<p><span class="regression">0 significant regressions<\/span> · 1 newly failing gate · 0 improvements · 3 pass → fail/,
    );
    const renamed = baselineLock();
    renamed.results = renamed.results.map((r) => ({ ...r, example: `old-${r.example}` }));
    expect(htmlVerdict(baselineLock(), renamed)).toMatch(
      /^<p><span class="caution">.*0 paired examples \(nothing compared\)/,
    );
    const gated = a2WorseLock();
    gated.gates = (gated.gates ?? []).map((g) =>
      g.kind === 'regression' && g.agent === 'a2'
        ? { ...g, metric: 'pass_rate', passed: false, actual: 0.7 }
        : g,
    );
    expect(htmlVerdict(gated, baselineLock())).toMatch(
      /^<p><span class="regression">0 significant regressions<\/span> · 1 failed regression gate · /,
    );
    expect(htmlVerdict(baselineLock(), baselineLock())).toMatch(/^<p><span class="improvement">/);
  });
});
