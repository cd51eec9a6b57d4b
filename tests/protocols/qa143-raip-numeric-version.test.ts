/**
 * QA143: a RAIP `/info` whose `version` is a JSON number (`"version": 2`, as a Python agent writes
 * `VERSION = 2`) was dropped: the lock pinned no version, and a bump from 1 to 2 with the same
 * schema re-invoked nothing, where DESIGN §1 says a changed declared version re-invokes that
 * agent. A finite number is now the version, as its JSON text. Real loopback agent, apply in process.
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

async function workspace(state: { version: unknown; invokes: number }): Promise<string> {
  const server: Loopback = await startLoopback((req, res) => {
    if ((req.url ?? '').startsWith('/info'))
      return sendJson(res, 200, { name: 'n', version: state.version, inputSchema: { type: 'object' } });
    state.invokes += 1;
    return sendJson(res, 200, { output: { answer: 'A' }, usage: {} });
  });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa143-version-'));
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => server.close(),
  );
  writeOneExampleRaipPlan(dir, server.url);
  return dir;
}

function lockOf(outcome: ApplyOutcome) {
  if (outcome.status !== 'done') throw new Error(`apply ${outcome.status}: ${JSON.stringify(outcome)}`);
  return outcome.lock;
}

describe('RAIP /info with a numeric version (QA143)', () => {
  it('pins it, and a bump re-invokes the agent', async () => {
    const state = { version: 1 as unknown, invokes: 0 };
    const dir = await workspace(state);
    expect(lockOf(await applyInProcess(dir)).agents.a1).toMatchObject({ version: '1' });
    expect(state.invokes).toBe(1);
    state.version = 2;
    expect(lockOf(await applyInProcess(dir)).agents.a1).toMatchObject({ version: '2' });
    expect(state.invokes).toBe(2);
  });

  it('a version that is neither a string nor a number is still not pinned', async () => {
    const state = { version: { major: 1 } as unknown, invokes: 0 };
    const dir = await workspace(state);
    expect(lockOf(await applyInProcess(dir)).agents.a1).not.toHaveProperty('version');
  });
});
