/**
 * QA50: an agent-eval verdict whose `dimensions` hold a key the rubric does not define is a
 * judge_error (a malformed verdict, QA171; contract_violation before) naming it, `__proto__` included. Before, the reply's schema check dropped a
 * `__proto__` key (JSON.parse keeps it as an own key; the record rebuilt without it), so
 * `{"q": 1, "__proto__": {"q": 0}}` was scored 1 as if the judge had sent `{"q": 1}` — where the
 * openai judge refuses the same dimensions ("has \"__proto__\", which the rubric does not define").
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startQa50HostileReplyServer } from '../fixtures/qa50-hostile-reply-server.js';
import { applyInProcess } from './apply-in-process.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('an agent-eval verdict with a __proto__ dimension (QA50)', () => {
  it('is a judge_error naming the key, not a score', async () => {
    const server = await startQa50HostileReplyServer();
    cleanups.push(() => server.close());
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qa50-ae-proto-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(path.join(dir, 'd.jsonl'), JSON.stringify({ id: 'e1', vars: { r: 'fine' } }));
    const plan = {
      evalc: 1,
      benchmark: { id: 'qa50-ae-proto', version: '1.0.0' },
      agents: { a1: { protocol: 'raip', url: server.url } },
      judges: { ae: { protocol: 'agent-eval', url: `${server.url}/ae`, rubric: 'r1' } },
      rubrics: { r1: { dimensions: [{ id: 'q', description: 'quality', weight: 1 }] } },
      tasks: {
        t: {
          bindings: { default: { input: { reply: '{{r}}' }, output: { answer: 'output.answer' } } },
          datasets: { d: { source: 'd.jsonl' } },
          metrics: [{ type: 'judge', judge: 'ae', content: '{{candidate.answer}}' }],
        },
      },
      run: { repeats: 1, seed: 7, preflight: 0 },
    };
    writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
    const outcome = await applyInProcess(dir);
    if (outcome.status !== 'done') throw new Error(`apply ${outcome.status}`);
    const judge = outcome.lock.results[0]?.metrics.judge;
    expect(judge?.score ?? null).toBeNull();
    expect(judge?.error).toBe('judge_error');
    expect(outcome.summary.errorKinds).toEqual({ judge_error: 1 });
    const log = readFileSync(path.join(dir, '.evalc/logs/run.log'), 'utf8');
    expect(log).toContain("dimension keys [__proto__, q] differ from the rubric's [q]");
  }, 30_000);
});
