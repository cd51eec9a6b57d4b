/**
 * A seed MultiAgentEval agent's self-reported name in `evalc.lock` (executor/agent-names.ts):
 * re-derived from the cached replies, so re-applying from the cache without the lockfile (or on
 * a shared cache) writes the same lockfile, and the name is the first one in dataset order
 * whatever reply arrived first.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApplyOutcome, applyPlan } from '../../src/executor/apply-run.js';
import type { ProgressSink } from '../../src/executor/progress.js';
import { type MaeNamingAgent, startMaeNamingAgent } from '../fixtures/mae-naming-agent.js';

let agent: MaeNamingAgent;
const dirs: string[] = [];

beforeAll(async () => {
  agent = await startMaeNamingAgent();
});
afterAll(async () => {
  await agent.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const quiet: ProgressSink = { start() {}, step() {}, message() {}, finish() {} };

function workspace(tasks: string[], agentExtra: Record<string, unknown> = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-names-'));
  dirs.push(dir);
  const plan = {
    evalc: 1,
    benchmark: { id: 'names', version: '1.0.0' },
    agents: {
      m: { protocol: 'mae', url: agent.url, limits: { concurrency: 2, timeout: '10s' }, ...agentExtra },
    },
    tasks: {
      t: {
        bindings: { default: { input: { task_description: '{{t}}' }, output: { answer: 'final_answer' } } },
        datasets: { d: { source: 'd.jsonl' } },
      },
    },
    run: { repeats: 1, seed: 7, bootstrap: 100 },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
  const lines = tasks.map((t, i) => JSON.stringify({ id: `e${i}`, vars: { t } }));
  writeFileSync(path.join(dir, 'd.jsonl'), `${lines.join('\n')}\n`);
  return dir;
}

async function apply(dir: string, extra: { cacheDir?: string; frozen?: boolean } = {}) {
  const outcome: ApplyOutcome = await applyPlan({
    planFile: 'evalc.yaml',
    cwd: dir,
    env: {},
    signal: new AbortController().signal,
    progress: quiet,
    ...extra,
  });
  if (outcome.status !== 'done') throw new Error(`apply: ${JSON.stringify(outcome)}`);
  return outcome;
}

const lockText = (dir: string) => readFileSync(path.join(dir, 'evalc.lock'), 'utf8');
const pinnedName = (dir: string) =>
  (JSON.parse(lockText(dir)) as { agents: Record<string, { name?: string }> }).agents.m?.name;
const withoutLock = (dir: string) => rmSync(path.join(dir, 'evalc.lock'));

describe('mae agent names in evalc.lock', () => {
  it('re-applying from the cache without evalc.lock calls no agent and writes a byte-identical lockfile with the name', async () => {
    const dir = workspace(['anonymous', 'Navigator', 'model:other']);
    await apply(dir);
    const first = lockText(dir);
    expect(pinnedName(dir)).toBe('Navigator');
    const before = agent.requests();
    withoutLock(dir);
    const again = await apply(dir);
    expect(agent.requests()).toBe(before);
    expect(again.summary.invoked).toBe(0);
    expect(lockText(dir)).toBe(first);
  });

  it('the name is the first in dataset order, not the first reply received', async () => {
    // e0's reply is held until e1's has been answered (concurrency 2): e1 reaches evalc first.
    const dir = workspace(['late:model:DatasetFirst', 'ArrivedFirst', 'Third']);
    await apply(dir);
    expect(pinnedName(dir)).toBe('DatasetFirst');
    const first = lockText(dir);
    withoutLock(dir);
    await apply(dir);
    expect(lockText(dir)).toBe(first);
  });

  it('a second workspace sharing the cache directory pins the same name without calling the agent', async () => {
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'evalc-names-cache-'));
    dirs.push(cacheDir);
    const tasks = ['anonymous', 'model:SharedName'];
    const a = workspace(tasks);
    await apply(a, { cacheDir });
    const before = agent.requests();
    const b = workspace(tasks);
    await apply(b, { cacheDir });
    expect(agent.requests()).toBe(before);
    expect(pinnedName(b)).toBe('SharedName');
    expect(lockText(b)).toBe(lockText(a));
  });

  it('--frozen from the cache without evalc.lock pins the name too', async () => {
    const dir = workspace(['FrozenName']);
    await apply(dir);
    const first = lockText(dir);
    withoutLock(dir);
    await apply(dir, { frozen: true });
    expect(lockText(dir)).toBe(first);
  });

  it('an agent that never reports a name gets none; a plan name wins over a reported one', async () => {
    const nameless = workspace(['anonymous', 'model:', 'anonymous']);
    await apply(nameless);
    expect(pinnedName(nameless)).toBeUndefined();
    const named = workspace(['Reported'], { name: 'FromPlan' });
    await apply(named);
    expect(pinnedName(named)).toBe('FromPlan');
    const first = lockText(named);
    withoutLock(named);
    await apply(named);
    expect(lockText(named)).toBe(first);
  });
});
