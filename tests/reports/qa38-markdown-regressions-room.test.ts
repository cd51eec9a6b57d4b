/**
 * QA38: a pull request that fails many gates and regresses many aggregates. The failing gates (a
 * `keep` section) took the whole 65,000-character budget of report.md, leaving "Changes vs
 * baseline" one row of 546 and "Pass → fail" one example of 4,495: the comparison a reviewer
 * reads was cut to a heading. The failing gates are now capped at half of the room while other
 * sections want it (the score table stays whole), so the deltas table (weighted 12) shows its
 * regressions.
 */
import { describe, expect, it } from 'vitest';
import type { Lockfile } from '../../src/lockfile/types.js';
import { MARKDOWN_LIMIT, renderReports } from '../../src/reports/index.js';
import { fitSections } from '../../src/reports/markdown-fit.js';
import { baselineLock } from '../fixtures/locks/variants.js';

/** The fixture with `copies` more agents (copies of a3), each failing `gates` gates of its own. */
function manyAgents(copies: number, flip: boolean, gates: number): Lockfile {
  const lock = baselineLock();
  const a3Results = lock.results.filter((r) => r.group.startsWith('a3/'));
  for (let k = 0; k < copies; k++) {
    const agent = `agent-${String(k).padStart(3, '0')}`;
    lock.agents[agent] = { ...lock.agents.a3!, name: agent };
    for (const [gid, g] of Object.entries(lock.groups)) {
      if (g.agent === 'a3') lock.groups[gid.replace(/^a3\//, `${agent}/`)] = { ...g, agent };
    }
    for (const r of a3Results) {
      const metrics = Object.fromEntries(
        Object.entries(r.metrics).map(([id, m]) => [
          id,
          flip && m.pass !== undefined ? { ...m, pass: false, score: 0 } : m,
        ]),
      );
      lock.results.push({
        ...r,
        group: r.group.replace(/^a3\//, `${agent}/`),
        metrics,
        pass: flip ? false : r.pass,
      });
    }
    for (const scope of Object.values(lock.aggregates)) {
      const a3 = scope.a3;
      if (!a3) continue;
      scope[agent] = flip
        ? Object.fromEntries(Object.entries(a3).map(([m, s]) => [m, { ...s, mean: 0, ci: [0, 0] }]))
        : a3;
    }
    for (let g = 0; g < gates; g++) {
      lock.gates.push({
        metric: 'pass_rate',
        scope: `task:t${g}`,
        agent,
        kind: 'min',
        passed: false,
        actual: 0.5,
        message: `pass_rate = 0.500 at task:t${g} for ${agent}; required ≥ 0.9 (a gate message of a realistic length)`,
      });
    }
  }
  return lock;
}

describe('report.md with many failing gates and many regressions (QA38)', () => {
  it('keeps room for the deltas vs the baseline and the pass → fail examples', () => {
    const lock = manyAgents(60, true, 6);
    const baseline = manyAgents(60, false, 0);
    const md = renderReports({ lock, baseline })['report.md'];
    expect(md.length).toBeLessThan(MARKDOWN_LIMIT);
    expect(md).toMatch(/### ❌ Failing gates \(\d+\)/);
    const failingGates = md.split('\n').filter((l) => l.startsWith('| ❌ |')).length;
    const regressions = md.split('\n').filter((l) => l.startsWith('| 🔴 regression |')).length;
    const flips = md.split('\n').filter((l) => /^- `agent-\d+` .* \*\*/.test(l)).length;
    expect(failingGates).toBeGreaterThan(50);
    expect(regressions).toBeGreaterThan(20);
    expect(flips).toBeGreaterThan(10);
    expect(md.split('<details>').length).toBe(md.split('</details>').length);
  });

  it('gives a capped keep section the room the shared sections do not need', () => {
    const rows = (p: string, n: number) => Array.from({ length: n }, (_, i) => `| ${p} row ${i} |`);
    const md = fitSections(
      [
        { head: ['### Scores'], items: rows('score', 5), tail: [''], priority: 'keep' },
        {
          head: ['### Failing gates', ''],
          items: rows('gate', 1000),
          tail: [''],
          priority: 'keep',
          cap: 0.5,
        },
        { head: ['### Short'], items: rows('short', 3), tail: [''] },
        { head: ['### Long'], items: rows('long', 1000), tail: [''] },
      ],
      10_000,
    );
    expect(md).toContain('| score row 4 |');
    expect(md).toContain('| short row 2 |');
    // about half of the room each for the capped keep section and the long shared one
    const gates = md.match(/\| gate row/g)?.length ?? 0;
    const long = md.match(/\| long row/g)?.length ?? 0;
    expect(gates).toBeGreaterThan(200);
    expect(long).toBeGreaterThan(200);
    expect(Math.abs(gates - long)).toBeLessThan(30);
    // without shared sections wanting room, the capped section takes all of it
    const alone = fitSections(
      [
        {
          head: ['### Failing gates', ''],
          items: rows('gate', 1000),
          tail: [''],
          priority: 'keep',
          cap: 0.5,
        },
      ],
      10_000,
    );
    expect(alone.match(/\| gate row/g)?.length ?? 0).toBeGreaterThan(450);
  });
});
