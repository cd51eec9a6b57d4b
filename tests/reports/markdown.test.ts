import { describe, expect, it } from 'vitest';
import type { Lockfile } from '../../src/lockfile/types.js';
import { FULL_REPORT_PATH, MARKDOWN_LIMIT, renderReports } from '../../src/reports/index.js';
import { fitSections } from '../../src/reports/markdown-fit.js';
import { baselineLock } from '../fixtures/locks/variants.js';

/** The fixture with `copies` more agents, each a copy of a3 (every result flipped when `flip`). */
function hugeLock(copies: number, flip: boolean): Lockfile {
  const lock = baselineLock();
  const a3Results = lock.results.filter((r) => r.group.startsWith('a3/'));
  for (let k = 0; k < copies; k++) {
    const agent = `agent-with-a-rather-long-name-${String(k).padStart(3, '0')}`;
    lock.agents[agent] = { ...lock.agents.a3!, name: agent };
    for (const [gid, g] of Object.entries(lock.groups)) {
      if (g.agent === 'a3') lock.groups[gid.replace(/^a3\//, `${agent}/`)] = { ...g, agent };
    }
    for (const r of a3Results) {
      const pass = flip ? r.pass === false : r.pass;
      lock.results.push({ ...r, group: r.group.replace(/^a3\//, `${agent}/`), pass });
    }
    for (const scope of Object.values(lock.aggregates)) {
      if (scope.a3) scope[agent] = scope.a3;
    }
    lock.gates.push({
      metric: 'pass_rate',
      scope: 'benchmark',
      agent,
      kind: 'min',
      passed: false,
      actual: 0.5,
      message: `${agent}: pass_rate 0.500 < min 0.75`,
    });
  }
  return lock;
}

describe('report.md', () => {
  it('stays under the comment limit for a huge run and says where the full report is', () => {
    const lock = hugeLock(150, true);
    const baseline = hugeLock(150, false);
    expect(lock.results.length).toBe(90 + 150 * 30);
    const md = renderReports({ lock, baseline })['report.md'];
    expect(md.length).toBeLessThan(MARKDOWN_LIMIT);
    expect(md.length).toBeGreaterThan(MARKDOWN_LIMIT - 5_000);
    expect(md).toContain(FULL_REPORT_PATH);
    expect(md).toMatch(/_… \d+ more (gates|rows|examples|lines) not shown \(see the full report\)\._/);
    expect(md.split('\n')[0]).toBe('## ❌ evalc — course-advisor 1.0.0: 151 of 156 gates failed');
    // Failing gates come first and <details> blocks stay balanced.
    expect(md.indexOf('### ❌ Failing gates (151)')).toBeGreaterThan(0);
    expect(md.split('<details>').length).toBe(md.split('</details>').length);
  });

  it('does not truncate a report that fits', () => {
    const md = renderReports({ lock: baselineLock() })['report.md'];
    expect(md).not.toContain('truncated');
    expect(md).toContain('<details><summary>search — 36 results, 6 failing</summary>');
  });

  it('keeps tables and <details> closed when cutting a section', () => {
    const items = Array.from({ length: 500 }, (_, i) => `| row ${i} |`);
    const md = fitSections(
      [
        { head: ['# title', ''], items: [], tail: [] },
        {
          head: ['<details><summary>rows</summary>', '', '| r |', '|---|'],
          items,
          tail: ['', '</details>'],
          noun: 'rows',
        },
        { head: ['after'], items: [], tail: [] },
      ],
      2_000,
    );
    expect(md.length).toBeLessThanOrEqual(2_000);
    expect(md).toContain('</details>');
    expect(md).toMatch(/_… \d+ more rows not shown/);
    const kept = md.split('\n').filter((l) => l.startsWith('| row ')).length;
    expect(md).toContain(`_… ${500 - kept} more rows not shown`);
    expect(md).toContain(`\`${FULL_REPORT_PATH}\` (also report.json) where evalc ran; `);
    expect(md.trimEnd().endsWith("(`evalc-reports` in evalc's GitHub Actions recipe).")).toBe(true);
  });

  it('escapes Markdown and HTML in data', () => {
    const lock = baselineLock();
    const gate = lock.gates[0];
    if (!gate) throw new Error('fixture');
    lock.gates[0] = {
      ...gate,
      passed: false,
      message: 'x | <img src=x onerror=alert(1)> **bold** [link](http://e)',
    };
    const md = renderReports({ lock })['report.md'];
    const line = md.split('\n').find((l) => l.includes('onerror')) ?? '';
    expect(line).toContain(
      'x \\| &lt;img src=x onerror=alert\\(1\\)&gt; \\*\\*bold\\*\\* \\[link\\]\\(http://e\\)',
    );
    expect(md).not.toContain('<img');
  });
});

describe('determinism', () => {
  it('renders byte-identical reports whatever the order of results and keys', () => {
    const a = baselineLock();
    const b = baselineLock();
    b.results.reverse();
    b.aggregates = Object.fromEntries(Object.entries(b.aggregates).reverse());
    b.groups = Object.fromEntries(Object.entries(b.groups).reverse());
    const ra = renderReports({ lock: a, baseline: baselineLock() });
    const rb = renderReports({ lock: b, baseline: baselineLock() });
    for (const name of ['report.md', 'report.json', 'junit.xml', 'report.html'] as const) {
      expect(rb[name], name).toBe(ra[name]);
    }
  });
});
