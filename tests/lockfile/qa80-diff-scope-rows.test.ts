/**
 * QA80: `evalc diff` compares every aggregate (benchmark, task, dataset × agent × metric) on the
 * paired example rows of that agent and scope. It found them by scanning every paired row for each
 * aggregate (6 s for 500 tasks × 2 datasets, quadratic in the plan's size); it now indexes the rows
 * by agent and scope once. This pins what each delta counts: the rows of its own agent and scope
 * only — `t1` is not `t10`'s prefix, `t1/d1` not `t10/d1`'s — and a change in one agent's examples
 * of one dataset moves exactly that dataset's, its task's and the benchmark's deltas of that agent.
 * The lock is a real apply against the RAIP counting agent on loopback.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import type { Lockfile } from '../../src/lockfile/types.js';
import { startCountingAgent } from '../fixtures/apply-counting-agent.mjs';
import { applyInProcess } from '../protocols/apply-in-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const task = (id: string, sizes: number[]) => `  ${id}:
    bindings:
      default:
        input: { q: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
${sizes.map((_n, d) => `      d${d + 1}: { source: data/${id}-d${d + 1}.jsonl }`).join('\n')}
    metrics:
      - { type: exact_match, candidate: answer, expected: answer }
`;

// Sizes differ per dataset so each scope's count is its own: t1 5+2, t10 3+4.
const SIZES: Record<string, number[]> = { t1: [5, 2], t10: [3, 4] };

describe('evalc diff: each delta counts its own agent × scope rows (QA80)', () => {
  it('pairs the rows of each agent, task and dataset, and a change stays in its scopes', async () => {
    const agent = await startCountingAgent();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa80-diff-'));
    cleanups.push(
      () => rmSync(dir, { recursive: true, force: true }),
      () => agent.close(),
    );
    mkdirSync(path.join(dir, 'data'));
    for (const [id, sizes] of Object.entries(SIZES)) {
      sizes.forEach((n, d) => {
        const rows = Array.from({ length: n }, (_, i) => {
          const q = `${id}d${d + 1}e${i}`;
          return JSON.stringify({ id: `e${i}`, vars: { q }, expected: { answer: `plain:${q}` } });
        });
        writeFileSync(path.join(dir, 'data', `${id}-d${d + 1}.jsonl`), `${rows.join('\n')}\n`);
      });
    }
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: qa80-scopes }
agents:
  a1: { protocol: raip, url: "${agent.url}" }
  a2: { protocol: raip, url: "${agent.url}" }
tasks:
${task('t1', SIZES.t1 ?? [])}${task('t10', SIZES.t10 ?? [])}run: { preflight: 0, bootstrap: 100 }
`,
    );
    expect((await applyInProcess(dir)).status).toBe('done');
    const before = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as Lockfile;

    // a2's t10/d2 examples all fail exact_match in the new run; nothing else changes.
    const after = structuredClone(before);
    let changed = 0;
    for (const row of after.results) {
      const g = after.groups[row.group];
      const em = row.metrics.exact_match;
      if (g?.agent === 'a2' && g.task === 't10' && g.dataset === 'd2' && em) {
        em.score = 0;
        em.pass = false;
        changed++;
      }
    }
    expect(changed).toBe(4);
    const diff = diffLocks(before, after);
    const em = Object.fromEntries(
      diff.aggregates
        .filter((d) => d.metric === 'exact_match')
        .map((d) => [`${d.agent} ${d.scope}`, { n: d.n, ci: d.ci }]),
    );
    const moved = { n: 0, ci: [0, 0] };
    const still = (n: number) => ({ n, ci: [0, 0] });
    for (const a of ['a1', 'a2']) {
      expect(em[`${a} dataset/t1/d1`]).toEqual(still(5));
      expect(em[`${a} dataset/t1/d2`]).toEqual(still(2));
      expect(em[`${a} task/t1`]).toEqual(still(7));
      expect(em[`${a} dataset/t10/d1`]).toEqual(still(3));
    }
    expect(em['a1 dataset/t10/d2']).toEqual(still(4));
    expect(em['a1 task/t10']).toEqual(still(7));
    expect(em['a1 benchmark']).toEqual(still(14));
    // a2's changed scopes: every paired example counted, and the CI of the change is below 0.
    for (const [scope, n] of [
      ['dataset/t10/d2', 4],
      ['task/t10', 7],
      ['benchmark', 14],
    ] as const) {
      const d = em[`a2 ${scope}`];
      expect(d?.n).toBe(n);
      expect(d?.ci?.[0]).toBeLessThan(0);
      expect(d).not.toEqual(moved);
    }
  });
});
