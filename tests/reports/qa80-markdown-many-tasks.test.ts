/**
 * QA80: report.md of a 500-task plan with one failing task. Every task's `<details>` head was
 * admitted first, in name order, each with one line: 335 passing tasks filled the comment, the
 * score table kept 1 row of 501 ("… 500 more rows not shown") and the only failing task, `t99`
 * (sorted after `t499`), had neither a row nor its details: the report said "1 fail" and nowhere
 * which. Now the details of tasks whose every result passed give their room first, and the score
 * table's rows are held room (up to half) while the other sections' heads are admitted. The run is
 * a real apply against the RAIP counting agent on loopback.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startCountingAgent } from '../fixtures/apply-counting-agent.mjs';
import { applyInProcess } from '../protocols/apply-in-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const TASKS = 500;

function plan(url: string): string {
  const tasks = Array.from({ length: TASKS }, (_, t) => {
    // t99's expected answer is not what the agent says: its one example fails.
    const expected = t === 99 ? `plain:q${t}-wrong` : `plain:q${t}`;
    return `  t${t}:
    bindings:
      default:
        input: { q: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
      d: { examples: [ { id: e0, vars: { q: "q${t}" }, expected: { answer: "${expected}" } } ] }
    metrics:
      - { type: exact_match, candidate: answer, expected: answer }
`;
  });
  return `evalc: 1
benchmark: { id: qa80-many-tasks }
agents:
  a1: { protocol: raip, url: "${url}" }
tasks:
${tasks.join('')}metrics:
  - { type: pass_rate }
run: { preflight: 0, bootstrap: 100 }
`;
}

describe('report.md of a 500-task plan (QA80)', () => {
  it('shows the failing task and most of the score table, not 335 passing tasks one line each', async () => {
    const agent = await startCountingAgent();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa80-tasks-'));
    cleanups.push(
      () => rmSync(dir, { recursive: true, force: true }),
      () => agent.close(),
    );
    writeFileSync(path.join(dir, 'evalc.yaml'), plan(agent.url));
    expect((await applyInProcess(dir)).status).toBe('done');
    const md = readFileSync(path.join(dir, '.evalc', 'reports', 'report.md'), 'utf8');
    expect(Buffer.byteLength(md, 'utf8')).toBeLessThanOrEqual(65_000);
    expect(md).toContain(`${TASKS} results · ${TASKS - 1} pass · 1 fail`);

    // The failing task's details, with its failing example.
    expect(md).toContain('<summary>t99 — 1 result, 1 failing</summary>');
    expect(md).toMatch(/- `a1` d\/e0 — failed `exact_match`/);

    // The score table (pass_rate per task) keeps most of its 501 rows.
    const table = md.slice(md.indexOf('### Scores'), md.indexOf('\n\n', md.indexOf('| **benchmark**')));
    const rows = table.split('\n').filter((l) => /^\| `t\d+` \|/.test(l));
    expect(rows.length).toBeGreaterThan(TASKS / 2);

    // Passing tasks' details still fill what room is left, each with at least its first line.
    const passing = [...md.matchAll(/<summary>t\d+ — 1 result, 0 failing<\/summary>/g)];
    expect(passing.length).toBeGreaterThan(0);
    // QA87: the tasks left out are counted as tasks ("327 more passing tasks"), not "sections".
    expect(md).toMatch(/_… \d+ more passing tasks not shown \(see the full report\)\._/);
    expect(md.split('<details>').length).toBe(md.split('</details>').length);
  }, 120_000);
});
