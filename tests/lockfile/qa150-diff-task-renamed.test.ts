/**
 * QA150: a task renamed in a PR (`search:` → `lookup:`, same datasets and metrics) read in `evalc
 * diff` as one "metric added" and one "metric removed" line per metric and one dataset line each
 * way, with no single hint, while a renamed dataset, metric or agent gets one. It is now one
 * `task_renamed` line naming both, in place of those lines; a task whose metrics changed too is
 * not called renamed. Two real applies against an OpenAI-compatible server on loopback.
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

const plan = (url: string, task: string, metric: string) => `evalc: 1
benchmark: { id: qa150-renamed-task }
agents:
  o1: { protocol: openai, url: "${url}", model: small-1, limits: { retries: 0 } }
tasks:
  keep:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{q}}" }] }
        output: { answer: "choices[0].message.content" }
    datasets: { k: { examples: [ { id: k1, vars: { q: "kappa" }, expected: { answer: "kappa" } } ] } }
    metrics: [ { type: contains, candidate: answer, expected: answer } ]
  ${task}:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{q}}" }] }
        output: { answer: "choices[0].message.content" }
    datasets:
      d1: { examples: [ { id: a, vars: { q: "alpha" }, expected: { answer: "alpha" } } ] }
      d2: { examples: [ { id: b, vars: { q: "beta" }, expected: { answer: "beta" } } ] }
    metrics:
      - { type: contains, candidate: answer, expected: answer }
      - ${metric}
run: { preflight: 0, bootstrap: 100 }
`;

async function lockOf(
  url: string,
  task: string,
  metric = '{ type: exact_match, candidate: answer, expected: answer }',
) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa150-renamed-task-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(path.join(dir, 'evalc.yaml'), plan(url, task, metric));
  expect((await applyInProcess(dir)).status).toBe('done');
  return JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as Lockfile;
}

describe('diff of a task renamed (QA150)', () => {
  it('is one line naming both names, in place of its datasets and metrics lines', async () => {
    const agent = await startOpenaiServer();
    cleanups.push(() => agent.close());
    const lines = diffLocks(await lockOf(agent.baseUrl, 'search'), await lockOf(agent.baseUrl, 'lookup'))
      .comparability.filter((c) => c.kind !== 'plan')
      .map((c) => [c.kind, c.severity, c.message]);
    expect(lines).toEqual([
      [
        'task_renamed',
        'warning',
        'search → lookup: task removed and one added with the same 2 datasets and 2 metrics (ids, contents, settings): renamed? Its examples pair under neither name, so none of them is compared',
      ],
    ]);
  });

  it('is not said when a metric changed too: its lines stay', async () => {
    const agent = await startOpenaiServer();
    cleanups.push(() => agent.close());
    const before = await lockOf(agent.baseUrl, 'search');
    const after = await lockOf(
      agent.baseUrl,
      'lookup',
      '{ type: exact_match, candidate: answer, expected: answer, threshold: 0.5 }',
    );
    const kinds = diffLocks(before, after).comparability.map((c) => c.kind);
    expect(kinds).not.toContain('task_renamed');
    expect(kinds.filter((k) => k === 'metric_added')).toHaveLength(2);
    expect(kinds.filter((k) => k === 'dataset_removed')).toHaveLength(2);
  });
});
