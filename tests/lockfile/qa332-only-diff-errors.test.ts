/**
 * QA332: `evalc diff` of a whole lock against an `apply --only` one (and report.md's deltas
 * against a baseline, which compare the same selection) counted the whole lock's failed example
 * runs in the summary's `errors old → new`: a task with 1 error in both runs read `errors 3 → 1`,
 * a fall that never happened. The selection's `steps.errors` now counts its own rows, as apply
 * counts them. The locks are real applies against the RAIP counting agent on loopback.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyRun, createProgress } from '../../src/index.js';
import { diffLocks } from '../../src/lockfile/diff.js';
import { selectLock } from '../../src/lockfile/select-lock.js';
import type { Lockfile } from '../../src/lockfile/types.js';
import { startCountingAgent } from '../fixtures/apply-counting-agent.mjs';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function apply(dir: string, only?: string) {
  return applyRun({
    planFile: 'evalc.yaml',
    cwd: dir,
    env: {},
    signal: new AbortController().signal,
    progress: createProgress('quiet', () => {}),
    ...(only !== undefined ? { only } : {}),
  });
}

const readLock = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Lockfile;

describe('evalc diff of an --only lock: errors count the selection (QA332)', () => {
  it("counts the selected rows' failures in both locks, not the whole lock's", async () => {
    const agent = await startCountingAgent();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa332-only-errors-'));
    cleanups.push(
      () => rmSync(dir, { recursive: true, force: true }),
      () => agent.close(),
    );
    // e2 has no expected answer: its exact_match is a metric_error (1 per task, t2 has 2 metrics).
    const rows = [
      { id: 'e1', vars: { q: 'e1' }, expected: { answer: 'plain:e1' } },
      { id: 'e2', vars: { q: 'e2' }, expected: { other: 'x' } },
    ];
    writeFileSync(path.join(dir, 'd.jsonl'), `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`);
    const task = (id: string, metrics: string) => `  ${id}:
    bindings:
      default:
        input: { q: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
      d: { source: d.jsonl }
    metrics:
${metrics}`;
    const em = '      - { type: exact_match, candidate: answer, expected: answer }\n';
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: qa332-only-errors }
agents:
  a1: { protocol: raip, url: "${agent.url}" }
tasks:
${task('t1', em)}${task('t2', `${em}      - { type: exact_match, id: em2, candidate: answer, expected: answer }\n`)}run: { preflight: 0, bootstrap: 100 }
`,
    );
    expect((await apply(dir)).status).toBe('done');
    const whole = readLock(path.join(dir, 'evalc.lock'));
    expect(whole.steps?.errors).toEqual({ metric_error: 3 });
    expect((await apply(dir, 't1')).status).toBe('done');
    const only = readLock(path.join(dir, '.evalc', 'evalc.only.lock'));
    expect(only.steps?.errors).toEqual({ metric_error: 1 });

    // What `evalc diff evalc.lock .evalc/evalc.only.lock` compares (cli/diff.ts), either way round.
    expect(diffLocks(selectLock(whole, 't1'), selectLock(only, 't1')).summary.errors).toEqual({
      old: 1,
      new: 1,
    });
    expect(diffLocks(selectLock(only, 't1'), selectLock(whole, 't1')).summary.errors).toEqual({
      old: 1,
      new: 1,
    });
    expect(selectLock(whole, 't2/d').steps?.errors).toEqual({ metric_error: 2 });
    // The selection keeps the rest of the steps section as it was.
    expect(selectLock(whole, 't1').steps?.digest).toBe(whole.steps?.digest);
  });
});
