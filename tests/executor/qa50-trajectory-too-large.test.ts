/**
 * QA50: an agent answer whose trajectory is too large to cache (its JSON longer than one string
 * can hold) is the example's `response_too_large`, and the run goes on. Before, `JSON.stringify`
 * threw a RangeError out of the cache write: "internal error: RangeError: Invalid string length",
 * no lockfile, the other examples' results lost. Here a MultiAgentEval agent (a real stdio
 * process) calls a tool whose dataset output is 5 MB twenty times in one action.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { applyInProcess } from '../protocols/apply-in-process.js';

const AGENT = fileURLToPath(new URL('../fixtures/qa50-mae-many-tool-calls.mjs', import.meta.url));
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe('a trajectory too large to cache (QA50)', () => {
  it('records response_too_large for that example; the others are scored and the lock is written', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qa50-too-large-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const page = { html: `<p>${'w'.repeat(5 * 1024 * 1024)}</p>` };
    const examples = [
      {
        id: 'big',
        vars: { q: 'read' },
        expected: { answer: 'done' },
        tools: { fetch_page: { output: page } },
      },
      {
        id: 'small',
        vars: { q: 'read' },
        expected: { answer: 'done' },
        tools: { fetch_page: { output: { html: 'hi' } } },
      },
    ];
    writeFileSync(path.join(dir, 'd.jsonl'), examples.map((e) => JSON.stringify(e)).join('\n'));
    const plan = {
      evalc: 1,
      benchmark: { id: 'qa50-too-large', version: '1.0.0' },
      agents: {
        m: { protocol: 'mae', transport: 'local', command: `node ${AGENT}`, limits: { timeout: '60s' } },
      },
      tasks: {
        t: {
          bindings: { default: { input: '{{q}}', output: { answer: 'final_answer' } } },
          datasets: { d: { source: 'd.jsonl' } },
          metrics: [{ type: 'exact_match', candidate: 'answer', expected: 'answer' }],
        },
      },
      run: { repeats: 1, seed: 7, preflight: 0, concurrency: 1 },
    };
    writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
    const outcome = await applyInProcess(dir);
    if (outcome.status !== 'done') throw new Error(`apply ${outcome.status}`);
    const row = (id: string) => outcome.lock.results.find((r) => r.example === id);
    expect(row('big')?.errors).toEqual(['response_too_large']);
    expect(row('small')?.metrics.exact_match?.score).toBe(1);
    expect(outcome.summary.errorKinds).toEqual({ response_too_large: 1 });
  }, 120_000);

  it('keeps a failure whose partial trajectory is too large to cache, without that trajectory', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qa50-too-large-failed-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const page = { html: `<p>${'w'.repeat(5 * 1024 * 1024)}</p>` };
    const example = {
      id: 'loop',
      vars: { q: 'read' },
      expected: { answer: 'done' },
      tools: { fetch_page: { output: page } },
    };
    writeFileSync(path.join(dir, 'd.jsonl'), JSON.stringify(example));
    const plan = {
      evalc: 1,
      benchmark: { id: 'qa50-too-large-failed', version: '1.0.0' },
      agents: {
        m: { protocol: 'mae', transport: 'local', command: `node ${AGENT} loop`, limits: { timeout: '60s' } },
      },
      tasks: {
        t: {
          bindings: { default: { input: '{{q}}', output: { answer: 'final_answer' } } },
          datasets: { d: { source: 'd.jsonl' } },
          metrics: [{ type: 'exact_match', candidate: 'answer', expected: 'answer' }],
        },
      },
      run: { repeats: 1, seed: 7, preflight: 0 },
    };
    writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
    const outcome = await applyInProcess(dir);
    if (outcome.status !== 'done') throw new Error(`apply ${outcome.status}`);
    expect(outcome.lock.results[0]?.errors).toEqual(['max_turns_exceeded']);
    // cached as the definitive failure it is: the next apply calls no agent
    const again = await applyInProcess(dir);
    if (again.status !== 'done') throw new Error(`apply ${again.status}`);
    expect(again.summary.invoked).toBe(0);
  }, 120_000);
});
