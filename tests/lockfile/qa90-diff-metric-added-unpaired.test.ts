/**
 * QA90: a metric added to a task (or removed, or renamed by its `id:`) is an aggregate one run
 * only has, shown `new` / `gone` with no Δ; the diff still counted its examples as `unpaired` and
 * noted under the table that "Δ also counts examples with a value in one run only (a failed invoke
 * measures nothing): f1 (o1: 3)" — a Δ that is not there, and failed invokes that did not happen.
 * `unpaired` is now kept only beside a Δ; a metric added to one task of two still changes the
 * benchmark's Δ, and the note says that a metric added to a task is one reason. Both locks are real
 * applies against an OpenAI-compatible server on loopback.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import type { Lockfile } from '../../src/lockfile/types.js';
import { renderMarkdownDiff } from '../../src/reports/markdown-diff.js';
import { renderTextDiff } from '../../src/reports/text-diff.js';
import { startOpenaiServer } from '../fixtures/openai-server.js';
import { applyInProcess } from '../protocols/apply-in-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const plan = (url: string, t1Extra: string, t2Extra: string, agents = '') => `evalc: 1
benchmark: { id: qa90-metric-added }
agents:
  o1: { protocol: openai, url: "${url}", model: small-1, limits: { retries: 0 } }${agents}
tasks:
  t1:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{q}}" }] }
        output: { answer: "choices[0].message.content" }
    datasets:
      d1:
        examples:
          - { id: s1, vars: { q: "alpha" }, expected: { answer: "alpha" } }
          - { id: s2, vars: { q: "beta" }, expected: { answer: "gamma" } }
          - { id: s3, vars: { q: "delta" }, expected: { answer: "delta" } }
    metrics:
      - { type: contains, candidate: answer, expected: answer }${t1Extra}
  t2:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{q}}" }] }
        output: { answer: "choices[0].message.content" }
    datasets:
      d2:
        examples:
          - { id: m1, vars: { q: "one" }, expected: { answer: "one" } }
          - { id: m2, vars: { q: "two" }, expected: { answer: "six" } }
    metrics:
      - { type: exact_match, candidate: answer, expected: answer }${t2Extra}
run: { preflight: 0, bootstrap: 100 }
`;

async function lockOf(url: string, t1Extra: string, t2Extra: string, agents = ''): Promise<Lockfile> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa90-metric-added-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(path.join(dir, 'evalc.yaml'), plan(url, t1Extra, t2Extra, agents));
  expect((await applyInProcess(dir)).status).toBe('done');
  return JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as Lockfile;
}

const secondAgent = (url: string) =>
  `\n  o2: { protocol: openai, url: "${url}", model: small-2, limits: { retries: 0 } }`;

const f1 = '\n      - { type: f1, candidate: answer, expected: answer }';
const contains = '\n      - { type: contains, candidate: answer, expected: answer }';

describe('diff of a metric one run only has (QA90)', () => {
  it('counts no unpaired examples for a new or gone aggregate, and notes none', async () => {
    const agent = await startOpenaiServer();
    cleanups.push(() => agent.close());
    const before = await lockOf(agent.baseUrl, '', '');
    const after = await lockOf(agent.baseUrl, f1, '');

    for (const [a, b, kind] of [
      [before, after, 'new'],
      [after, before, 'gone'],
    ] as const) {
      const diff = diffLocks(a, b);
      const f1Rows = diff.aggregates.filter((d) => d.metric === 'f1');
      expect(f1Rows.map((d) => d.scope).sort()).toEqual(['benchmark', 'dataset/t1/d1', 'task/t1']);
      for (const d of f1Rows) {
        expect(kind === 'new' ? d.old : d.new).toBeNull();
        expect(d.delta).toBeNull();
        expect(d.unpaired).toBeUndefined();
      }
      expect(renderTextDiff(diff)).not.toContain('a value in one run only');
      expect(renderMarkdownDiff(diff)).not.toContain('a value in one run only');
    }
  });

  it('notes a metric added to one task of two, whose benchmark Δ counts examples the test does not', async () => {
    const agent = await startOpenaiServer();
    cleanups.push(() => agent.close());
    const before = await lockOf(agent.baseUrl, '', '');
    const after = await lockOf(agent.baseUrl, '', contains);
    const diff = diffLocks(before, after);
    const benchmark = diff.aggregates.find((d) => d.scope === 'benchmark' && d.metric === 'contains');
    expect(benchmark?.delta).not.toBeNull();
    expect(benchmark?.unpaired).toBe(2);
    expect(
      diff.aggregates.find((d) => d.scope === 'task/t2' && d.metric === 'contains')?.unpaired,
    ).toBeUndefined();
    expect(renderTextDiff(diff)).toContain(
      '(Δ also counts examples with a value in one run only (a failed invoke measures nothing, an errored metric or judge scores nothing; a metric added to or removed from a task scores one run only): contains (o1: 2); the CI, p and verdict test the examples with a value in both runs (their change, where it is not Δ, is the paired Δ beside the CI).)',
    );
  });

  it("says nothing of new examples under a table of an added agent's new rows, which have no Δ", async () => {
    const agent = await startOpenaiServer();
    cleanups.push(() => agent.close());
    const one = await lockOf(agent.baseUrl, '', '');
    const two = await lockOf(agent.baseUrl, '', '', secondAgent(agent.baseUrl));
    for (const diff of [diffLocks(one, two), diffLocks(two, one)]) {
      expect(diff.examples.added + diff.examples.removed).toBe(5);
      const o2 = diff.aggregates.filter((d) => d.agent === 'o2');
      expect(o2.length).toBeGreaterThan(0);
      expect(o2.every((d) => d.delta === null)).toBe(true);
      expect(renderTextDiff(diff)).toMatch(/^ {2}(new|gone) +benchmark +o2 /m);
      expect(renderTextDiff(diff)).not.toContain("Δ compares the two runs' aggregates");
      expect(renderMarkdownDiff(diff)).not.toContain("Δ compares the two runs' aggregates");
    }
  });
});
