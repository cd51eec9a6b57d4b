/**
 * QA90: a dataset renamed in a PR (`d1:` → `d1b:`, or its task renamed) compared nothing: its
 * examples pair under one name only, and the diff listed "qa/d1: dataset removed (was <sha256>)"
 * and "qa/d1b: dataset added (<sha256>)" as two unrelated lines, the same 64-digit hash being the
 * only clue. Both lines now name the other and say that its examples are not compared. Two
 * real applies against an OpenAI-compatible server on loopback.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import type { Lockfile } from '../../src/lockfile/types.js';
import { startOpenaiServer } from '../fixtures/openai-server.js';
import { applyInProcess } from '../protocols/apply-in-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const plan = (url: string, task: string, dataset: string, other: string) => `evalc: 1
benchmark: { id: qa90-renamed }
agents:
  o1: { protocol: openai, url: "${url}", model: small-1, limits: { retries: 0 } }
tasks:
  ${task}:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{q}}" }] }
        output: { answer: "choices[0].message.content" }
    datasets:
      ${dataset}:
        examples:
          - { id: a, vars: { q: "alpha" }, expected: { answer: "alpha" } }
      other:
        examples:
          - { id: b, vars: { q: "${other}" }, expected: { answer: "beta" } }
    metrics:
      - { type: contains, candidate: answer, expected: answer }
run: { preflight: 0, bootstrap: 100 }
`;

async function lockOf(url: string, task: string, dataset: string, other = 'beta'): Promise<Lockfile> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa90-renamed-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(path.join(dir, 'evalc.yaml'), plan(url, task, dataset, other));
  expect((await applyInProcess(dir)).status).toBe('done');
  return JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as Lockfile;
}

const messages = (a: Lockfile, b: Lockfile) =>
  diffLocks(a, b)
    .comparability.filter((c) => c.kind === 'dataset_added' || c.kind === 'dataset_removed')
    .map((c) => c.message.replace(/[0-9a-f]{12}…/g, '<sha>'));

describe('diff of a dataset renamed (QA90)', () => {
  it('names the other name of a dataset removed and added with the same sha256', async () => {
    const agent = await startOpenaiServer();
    cleanups.push(() => agent.close());
    const before = await lockOf(agent.baseUrl, 't', 'd1');
    const note = (other: string) =>
      `; ${other} has the same sha256: renamed? Examples pair only under one name, so none of these is compared`;
    expect(messages(before, await lockOf(agent.baseUrl, 't', 'd1b'))).toEqual([
      `t/d1: dataset removed (was <sha>)${note('t/d1b')}`,
      `t/d1b: dataset added (<sha>)${note('t/d1')}`,
    ]);
    // A task renamed with the same datasets and metrics is one line naming both (QA150), in place
    // of its datasets' and metrics' added and removed lines.
    const renamedTask = diffLocks(before, await lockOf(agent.baseUrl, 'u', 'd1')).comparability;
    expect(messages(before, await lockOf(agent.baseUrl, 'u', 'd1'))).toEqual([]);
    expect(renamedTask.filter((c) => c.kind === 'task_renamed').map((c) => c.message)).toEqual([
      't → u: task removed and one added with the same 2 datasets and metric (ids, contents, settings): renamed? Its examples pair under neither name, so none of them is compared',
    ]);
  });

  it('pairs a renamed dataset with the one of the same sha256 only, not with one whose data differ', async () => {
    const agent = await startOpenaiServer();
    cleanups.push(() => agent.close());
    const before = await lockOf(agent.baseUrl, 't', 'd1');
    const after = await lockOf(agent.baseUrl, 'u', 'd9', 'gamma');
    const lines = messages(before, after);
    expect(lines.filter((m) => m.includes('renamed?'))).toEqual([
      `t/d1: dataset removed (was <sha>); u/d9 has the same sha256: renamed? Examples pair only under one name, so none of these is compared`,
      `u/d9: dataset added (<sha>); t/d1 has the same sha256: renamed? Examples pair only under one name, so none of these is compared`,
    ]);
    expect(lines).toContain('t/other: dataset removed (was <sha>)');
    expect(lines).toContain('u/other: dataset added (<sha>)');
  });
});
