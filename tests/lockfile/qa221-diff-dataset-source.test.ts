/**
 * QA221: a dataset read from another place with the same content (a file moved, a remote dataset's
 * server on another port) changes the `source` evalc.lock pins (DESIGN §5), and `evalc diff` said
 * nothing of it: `Pins that changed` listed the plan digest alone. It is now an `info` line,
 * `t/d1: source changed d/one.jsonl → e/one.jsonl` (kind `dataset_source`). Two real applies
 * against an OpenAI-compatible server on loopback.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

const plan = (url: string, folder: string) => `evalc: 1
benchmark: { id: qa221-source }
agents:
  o1: { protocol: openai, url: "${url}", model: small-1, limits: { retries: 0 } }
tasks:
  t:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{q}}" }] }
        output: { answer: "choices[0].message.content" }
    datasets:
      d1: { source: ${folder}/one.jsonl }
    metrics:
      - { type: contains, candidate: answer, expected: answer }
run: { preflight: 0, bootstrap: 100 }
`;

async function lockOf(url: string, folder: string): Promise<Lockfile> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa221-source-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, folder));
  writeFileSync(
    path.join(dir, folder, 'one.jsonl'),
    `${JSON.stringify({ id: 'a', vars: { q: 'alpha' }, expected: { answer: 'alpha' } })}\n`,
  );
  writeFileSync(path.join(dir, 'evalc.yaml'), plan(url, folder));
  expect((await applyInProcess(dir)).status).toBe('done');
  return JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as Lockfile;
}

describe('diff of a dataset read from another place (QA221)', () => {
  it('names the source that changed, as information', async () => {
    const agent = await startOpenaiServer();
    cleanups.push(() => agent.close());
    const before = await lockOf(agent.baseUrl, 'd');
    const after = await lockOf(agent.baseUrl, 'e');
    const issues = diffLocks(before, after).comparability.filter((c) => c.subject === 't/d1');
    expect(issues).toEqual([
      {
        kind: 'dataset_source',
        severity: 'info',
        subject: 't/d1',
        old: 'd/one.jsonl',
        new: 'e/one.jsonl',
        message: 't/d1: source changed d/one.jsonl → e/one.jsonl',
      },
    ]);
    expect(diffLocks(before, before).comparability).toEqual([]);
  });
});
