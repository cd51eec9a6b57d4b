/**
 * Ctrl-C while `apply` is still starting a served agent (waiting for its readiness) is an
 * interruption, exit 130 (DESIGN §6), not a refused run (exit 1); `--json` says so as data.
 * Real CLI, real served process that takes seconds to become ready.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startCli, tempWorkspace, waitCli } from '../e2e/apply-harness.js';
import { freePort } from '../fixtures/loopback.js';

const AGENT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/qa3-served-agent.mjs');
const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const c of cleanups) c();
});

async function slowServedWorkspace(): Promise<string> {
  const ws = tempWorkspace('qa3-interrupt-startup');
  cleanups.push(ws.cleanup);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const plan = {
    evalc: 1,
    benchmark: { id: 'qa3-interrupt', version: '1.0.0' },
    agents: {
      a1: {
        protocol: 'raip',
        url,
        serve: {
          command: `sleep 4 && node ${JSON.stringify(AGENT)}`,
          env: { PORT: String(port) },
          ready: { url: `${url}/info`, timeout: '20s' },
        },
      },
    },
    tasks: {
      t1: {
        bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } } },
        datasets: { d1: { source: 'd1.jsonl' } },
        metrics: [{ type: 'exact_match', candidate: 'answer', expected: 'answer' }],
      },
    },
  };
  writeFileSync(path.join(ws.dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
  writeFileSync(
    path.join(ws.dir, 'd1.jsonl'),
    `${JSON.stringify({ id: 'x', vars: { q: 'x' }, expected: { answer: 'A:x' } })}\n`,
  );
  return ws.dir;
}

async function interruptDuringStartup(args: string[]) {
  const dir = await slowServedWorkspace();
  const child = startCli(['apply', ...args], { cwd: dir });
  const done = waitCli(child, 15_000);
  await new Promise((r) => setTimeout(r, 800));
  const sentAt = Date.now();
  child.kill('SIGINT');
  const result = await done;
  return { ...result, afterSignalMs: Date.now() - sentAt };
}

describe('Ctrl-C while a served agent starts', () => {
  it('exits 130 at once, saying the run was interrupted', async () => {
    const result = await interruptDuringStartup([]);
    expect(result.code).toBe(130);
    expect(result.stderr).toContain('evalc: interrupted before the run: agent a1 could not start');
    expect(result.afterSignalMs).toBeLessThan(3_000);
  });

  it('reports status interrupted and exitCode 130 with --json', async () => {
    const result = await interruptDuringStartup(['--json']);
    expect(result.code).toBe(130);
    const last = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
    expect(last).toMatchObject({ event: 'result', status: 'interrupted', exitCode: 130 });
  });
});

describe('Ctrl-C during plan (QA47)', () => {
  it('exits 130 at once instead of printing a plan with the agent unasked (it exited 2)', {
    timeout: 60_000,
  }, async () => {
    const dir = await slowServedWorkspace();
    // With a lock, plan starts the served agent to ask its /info (4 s to get ready).
    expect((await waitCli(startCli(['apply', '--quiet'], { cwd: dir }), 30_000)).code).toBe(0);
    const child = startCli(['plan', '--json'], { cwd: dir });
    const done = waitCli(child, 15_000);
    await new Promise((r) => setTimeout(r, 800));
    const sentAt = Date.now();
    child.kill('SIGINT');
    const result = await done;
    expect(result.code).toBe(130);
    expect(Date.now() - sentAt).toBeLessThan(3_000);
    const last = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
    expect(last).toMatchObject({ event: 'result', status: 'interrupted', exitCode: 130 });
    expect(result.stdout).not.toContain('"steps"');
  });
});
