/**
 * QA324: an agent's reply was capped at a fixed 16 MiB (`response_too_large`, cached as final), so
 * an agent with larger answers could never be evaluated. `agents.<id>.limits.maxResponseBytes` now
 * sets it; the cached failure keeps the limit it was refused under, so a larger limit asks that
 * example again (plan says why, apply is not "up to date") instead of reusing the failure until an
 * `apply --refresh` asks every agent. Real applies against an OpenAI-compatible agent on loopback
 * (it echoes the query).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { planCommand } from '../../src/cli/plan.js';
import { validateCommand } from '../../src/cli/validate.js';
import { refusedUnder } from '../../src/compiler/reply-limit-failures.js';
import type { Lockfile } from '../../src/lockfile/types.js';
import { runCommand } from '../cli/run-cli.js';
import { maeLocalPlanYaml } from '../e2e/mae-local-plan.js';
import { writeMaeEchoAgent } from '../fixtures/mae-echo-agent.js';
import { openaiAgentPlan } from '../fixtures/openai-agent-plan.js';
import { startOpenaiServer } from '../fixtures/openai-server.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { applyInProcess } from '../protocols/apply-in-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const planText = (url: string, limits: string): string =>
  openaiAgentPlan(url, {
    id: 'qa324-reply-limit',
    examples: ['{ id: small, vars: { query: "hi" } }', `{ id: big, vars: { query: "${'x'.repeat(3000)}" } }`],
    metrics: ['{ type: contains, candidate: answer, value: "x" }'],
    limits,
  });

async function planRows(dir: string): Promise<string[]> {
  const planned = await runCommand(planCommand, ['evalc.yaml', '--json'], { cwd: dir });
  const rows = (JSON.parse(planned.stdout) as { rows: { kind: string; reason: string }[] }).rows;
  return rows.filter((r) => r.kind === 'invoke').map((r) => r.reason);
}

describe("an agent's limits.maxResponseBytes (QA324)", () => {
  it('refuses a larger reply, and asks that example again once the limit is raised', async () => {
    const agent = await startOpenaiServer();
    cleanups.push(() => agent.close());
    const dir = tempFolder('evalc-qa324-reply-limit-');
    const write = (limits: string) =>
      writeFileSync(path.join(dir, 'evalc.yaml'), planText(agent.baseUrl, limits));
    write(', maxResponseBytes: 1024');

    expect((await applyInProcess(dir)).status).toBe('done');
    expect(agent.requests).toHaveLength(2);
    const lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as Lockfile;
    expect(lock.results.map((r) => `${r.example} ${r.errors?.[0] ?? 'ok'}`)).toEqual([
      'small ok',
      'big response_too_large',
    ]);
    // Cached as final: the same limit asks nothing again.
    expect(await planRows(dir)).toEqual([]);
    expect((await applyInProcess(dir)).status).toBe('done');
    expect(agent.requests).toHaveLength(2);

    write(', maxResponseBytes: 8192');
    expect(await planRows(dir)).toEqual([
      'because the cached failure is a reply over 1,024 bytes (response_too_large), and agents.o1.limits.maxResponseBytes is now 8,192 bytes',
    ]);
    const outcome = await applyInProcess(dir);
    expect(outcome.status).toBe('done');
    expect(agent.requests).toHaveLength(3);
    expect(await planRows(dir)).toEqual([]);

    // Lowered again: the answer kept under the larger limit is still used, nothing is asked.
    write(', maxResponseBytes: 1024');
    expect(await planRows(dir)).toEqual([]);
  }, 60_000);

  it("holds a mae local agent's reply line to it, one written in one chunk too", async () => {
    const dir = tempFolder('evalc-qa324-reply-limit-mae-');
    // A persistent (seed profile) agent: one JSON line per request, the task echoed.
    writeMaeEchoAgent(dir);
    const examples = [
      { id: 'small', vars: { task: 'hi' } },
      { id: 'big', vars: { task: 'y'.repeat(3000) } },
    ];
    writeFileSync(path.join(dir, 'd.jsonl'), examples.map((e) => `${JSON.stringify(e)}\n`).join(''));
    const write = (limit: number) =>
      writeFileSync(
        path.join(dir, 'evalc.yaml'),
        maeLocalPlanYaml('qa324-mae-reply', 'node agent.mjs', '', `maxResponseBytes: ${limit}`),
      );
    write(1024);
    expect((await applyInProcess(dir)).status).toBe('done');
    const lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as Lockfile;
    expect(lock.results.find((r) => r.example === 'big')?.errors).toEqual(['response_too_large']);
    write(8192);
    expect(await planRows(dir)).toEqual([
      'because the cached failure is a reply over 1,024 bytes (response_too_large), and agents.m.limits.maxResponseBytes is now 8,192 bytes',
    ]);
    expect((await applyInProcess(dir)).status).toBe('done');
    const after = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as Lockfile;
    expect(after.results.find((r) => r.example === 'big')?.errors).toBeUndefined();
  }, 60_000);

  it('reads a failure cached before the key as refused under the fixed 16 MiB', () => {
    const failed = { kind: 'response_too_large', message: 'reply exceeds 16777216 bytes' };
    expect(refusedUnder({ failed, durationMs: 1 })).toBe(16 * 1024 * 1024);
    expect(refusedUnder({ failed, durationMs: 1, maxResponseBytes: 2048 })).toBe(2048);
    expect(refusedUnder({ failed: { kind: 'http_500', message: '' }, durationMs: 1 })).toBeUndefined();
  });

  it('is an agent key: validate refuses a value under 1 KiB, and it on a judge', async () => {
    const dir = tempFolder('evalc-qa324-reply-limit-validate-');
    writeFileSync(path.join(dir, 'evalc.yaml'), planText('http://127.0.0.1:9/v1', ', maxResponseBytes: 100'));
    const small = await runCommand(validateCommand, ['evalc.yaml'], { cwd: dir });
    expect(small.code).not.toBe(0);
    expect(small.stderr).toMatch(
      /evalc\.yaml:4:\d+: error EVALC_SCHEMA_INVALID: agents\.o1\.limits\.maxResponseBytes: Too small/,
    );
    const judged = planText('http://127.0.0.1:9/v1', '').replace(
      'tasks:',
      'judges:\n  j: { protocol: openai, url: "http://127.0.0.1:9/v1", model: m, limits: { maxResponseBytes: 4096 } }\ntasks:',
    );
    writeFileSync(path.join(dir, 'evalc.yaml'), judged);
    const judge = await runCommand(validateCommand, ['evalc.yaml'], { cwd: dir });
    expect(judge.code).not.toBe(0);
    expect(judge.stderr).toContain('maxResponseBytes');
  });
});
