/**
 * QA340: a RAIP agent (or a gateway before it) that answers 200 with `{"error": {"code": 503,
 * "message": "upstream overloaded"}}` and no `output` failed `contract_violation`, a definitive
 * failure: it was cached, and the next apply, the upstream back, said "No changes" and asked
 * nothing (only `--refresh` did). An error whose `code` is a status evalc retries (408, 429, 5xx)
 * is now that status's transient failure, `http_503`, not cached, so the next apply asks again, as
 * an `openai` agent's is; any other body without `output` is still a `contract_violation`. Real
 * loopback agent, apply in process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApplyOutcome } from '../../src/index.js';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { writeOneExampleRaipPlan } from '../fixtures/raip-one-example-plan.js';
import { applyInProcess } from './apply-in-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function workspace(state: { failWith: unknown; invokes: number }): Promise<string> {
  const server: Loopback = await startLoopback((req, res) => {
    if ((req.url ?? '').startsWith('/info'))
      return sendJson(res, 200, { name: 'n', inputSchema: { type: 'object' } });
    state.invokes += 1;
    if (state.failWith !== undefined) return sendJson(res, 200, state.failWith);
    return sendJson(res, 200, { output: { answer: 'A' }, usage: {} });
  });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa340-error-200-'));
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => server.close(),
  );
  writeOneExampleRaipPlan(dir, server.url);
  return dir;
}

function rowOf(outcome: ApplyOutcome) {
  if (outcome.status !== 'done') throw new Error(`apply ${outcome.status}: ${JSON.stringify(outcome)}`);
  return outcome.lock.results[0];
}

describe('RAIP 200 whose error names a status (QA340)', () => {
  it('a 503 inside the 200 is http_503, not cached: the next apply asks again', async () => {
    const state = {
      failWith: { error: { code: 503, message: 'upstream overloaded' } } as unknown,
      invokes: 0,
    };
    const dir = await workspace(state);
    expect(rowOf(await applyInProcess(dir))).toMatchObject({ errors: ['http_503'] });
    expect(state.invokes).toBe(1);
    state.failWith = undefined;
    const row = rowOf(await applyInProcess(dir));
    expect(state.invokes).toBe(2);
    expect(row).not.toHaveProperty('errors');
    expect(row).toMatchObject({ metrics: { exact_match: { pass: true } } });
  });

  it('an error naming another status, or none, is still a cached contract_violation', async () => {
    for (const failWith of [{ error: { code: 400, message: 'bad' } }, { error: 'overloaded' }]) {
      const state = { failWith: failWith as unknown, invokes: 0 };
      const dir = await workspace(state);
      expect(rowOf(await applyInProcess(dir))).toMatchObject({ errors: ['contract_violation'] });
      await applyInProcess(dir);
      expect(state.invokes).toBe(1);
    }
  });
});
