/**
 * QA49: a regression gate judges at its own `regression.significance`, the "Changes vs baseline"
 * table at `run.significance`. A PR whose gate failed (p 0.0625 < its α 0.1) read, right under the
 * ❌ gate, "✅ 0 significant regressions" and the same aggregate marked `n.s.`: the table now marks
 * the aggregate a failing regression gate judged, and its verdict line is not ✅.
 */
import { describe, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { a2WorseGatesHolding, baselineLock } from '../fixtures/locks/variants.js';

function withGate(failed: boolean) {
  // a2's min gate kept passing: only the regression gate decides (a newly failing gate is ❌ too, QA169).
  const lock = a2WorseGatesHolding();
  lock.gates = (lock.gates ?? []).map((g) =>
    g.kind === 'regression' && g.agent === 'a2'
      ? {
          ...g,
          metric: 'pass_rate',
          passed: !failed,
          actual: 0.7,
          message: `pass_rate at benchmark for a2: 0.8 → 0.7; p = 0.2500 (α = 0.3): ${failed ? 'REGRESSION' : 'not significant'}`,
        }
      : g,
  );
  return renderReports({ lock, baseline: baselineLock() });
}

function changesMd(failed: boolean) {
  const md = withGate(failed)['report.md'];
  return md.slice(md.indexOf('### Changes vs baseline'));
}

function compareHtml(failed: boolean) {
  const html = withGate(failed)['report.html'];
  return html.slice(
    html.indexOf('<section id="compare">'),
    html.indexOf('</section>', html.indexOf('<section id="compare">')),
  );
}

describe('report.md: a failing regression gate and the deltas table (QA49)', () => {
  it('marks the aggregate the failing gate judged and does not say ✅ above it', () => {
    const changes = changesMd(true);
    const row = changes.split('\n').find((l) => /\| `benchmark` \| `a2` \| `pass_rate` \|/.test(l));
    expect(row).toBeDefined();
    expect(row).not.toMatch(/^\| n\.s\. \|/);
    expect(row).toMatch(/^\| 🔴 gate failed \|/);
    expect(changes.split('\n')[2]).toMatch(/^❌ \*\*0\*\* significant regressions/);
    expect(changes).toContain('regression gate failed on this aggregate at its own significance');
  });

  it('leaves the table as it was when the gate passed', () => {
    const changes = changesMd(false);
    const row = changes.split('\n').find((l) => /\| `benchmark` \| `a2` \| `pass_rate` \|/.test(l));
    expect(row).toMatch(/^\| n\.s\. \|/);
    expect(changes.split('\n')[2]).toMatch(/^⚠️ \*\*0\*\* significant regressions/);
    expect(changes).not.toContain('gate failed');
  });

  it("report.html's comparison says the same", () => {
    const failed = compareHtml(true);
    expect(failed).toMatch(/<span class="regression">0 significant regressions<\/span>/);
    expect(failed).toMatch(
      /<td><code>a2<\/code><\/td><td><code>pass_rate<\/code><\/td>.*?<td>gate failed<\/td><\/tr>/,
    );
    const passed = compareHtml(false);
    // 3 examples flipped pass → fail: caution, as report.md's ⚠️ (QA94).
    expect(passed).toMatch(/<span class="caution">0 significant regressions<\/span>/);
    expect(passed).not.toContain('gate failed');
  });
});
