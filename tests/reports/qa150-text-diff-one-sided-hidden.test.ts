/**
 * QA150: a task added (or removed) with one dataset has a `new` (or `gone`) row at task scope and
 * one at dataset scope; both formats hide the dataset row, as it repeats the task's. report.md
 * says so under its table ("other aggregates not shown … the same as their task"); the text format
 * left it out in silence. It now says how many it left out. Two real applies against an
 * OpenAI-compatible server on loopback.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import type { Lockfile } from '../../src/lockfile/types.js';
import { renderTextDiff } from '../../src/reports/text-diff.js';
import { startOpenaiServer } from '../fixtures/openai-server.js';
import { applyInProcess } from '../protocols/apply-in-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const task = (id: string) => `
  ${id}:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{q}}" }] }
        output: { answer: "choices[0].message.content" }
    datasets: { d: { examples: [ { id: e1, vars: { q: "${id}" }, expected: { answer: "${id}" } } ] } }
    metrics: [ { type: contains, candidate: answer, expected: answer } ]`;

async function lockOf(url: string, tasks: string[]): Promise<Lockfile> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa150-text-diff-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: qa150-text-diff }
agents:
  o1: { protocol: openai, url: "${url}", model: small-1, limits: { retries: 0 } }
tasks:${tasks.map(task).join('')}
run: { preflight: 0, bootstrap: 100 }
`,
  );
  expect((await applyInProcess(dir)).status).toBe('done');
  return JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as Lockfile;
}

describe('text diff of a single-dataset task added (QA150)', () => {
  it('shows its task row and says its dataset row is not shown', async () => {
    const agent = await startOpenaiServer();
    cleanups.push(() => agent.close());
    const diff = diffLocks(
      await lockOf(agent.baseUrl, ['alpha']),
      await lockOf(agent.baseUrl, ['alpha', 'beta']),
    );
    const text = renderTextDiff(diff);
    expect(text).toMatch(/^ {2}new +beta +o1 +contains/m);
    expect(text).not.toMatch(/^ {2}new +beta\/d /m);
    expect(text).toContain(
      "(1 more new or gone aggregate at dataset scope, the same as their single-dataset task's, not shown)",
    );
  });
});
