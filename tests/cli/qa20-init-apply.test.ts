/**
 * QA20: `evalc init` scaffolds a plan that validates, plans AND applies out of the box (DESIGN §6
 * "evalc init — scaffold a plan"): it ships a stand-in RAIP agent the plan serves, so the first
 * `evalc apply` of a new user runs instead of failing on `connection refused` at 127.0.0.1:7101.
 * The real CLI runs as a child process; the scaffold's port is moved to a free one (other
 * engineers' tests share the machine), nothing else in the scaffold is touched.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../fixtures/loopback.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { spawnCli, spawnCliAsync } from './run-cli.js';

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('evalc init, then apply', () => {
  it('scaffolds a plan whose first apply passes its gate with the agent it serves, then plans nothing', async () => {
    const dir = tempFolder('evalc-qa20-init-');
    expect(spawnCli(['init'], { cwd: dir }).code).toBe(0);
    const port = await freePort();
    const planFile = path.join(dir, 'evalc.yaml');
    const plan = readFileSync(planFile, 'utf8');
    expect(plan).toContain('command: node agents/echo-agent.mjs');
    writeFileSync(planFile, plan.replaceAll('7101', String(port)));

    expect(spawnCli(['validate'], { cwd: dir }).code).toBe(0);
    const planned = spawnCli(['plan'], { cwd: dir });
    expect(planned.stdout).toContain('Plan: 2 to invoke');
    expect(planned.code).toBe(2);

    const applied = await spawnCliAsync(['apply', '--json'], { cwd: dir, timeoutMs: 30_000 });
    const result = JSON.parse(applied.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
    expect(result).toMatchObject({ event: 'result', exitCode: 0 });
    expect(applied.code).toBe(0);
    const lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as {
      agents: Record<string, { name?: string }>;
      gates: { passed: boolean }[];
      results: { pass: boolean }[];
    };
    expect(lock.agents['my-agent']?.name).toBe('echo-agent');
    expect(lock.results.map((r) => r.pass)).toEqual([true, true]);
    expect(lock.gates.map((g) => g.passed)).toEqual([true]);
    // evalc stopped the agent it started.
    expect(await isListening(port)).toBe(false);

    const again = spawnCli(['plan'], { cwd: dir });
    expect(again.stdout).toContain('No changes.');
    expect(again.code).toBe(0);
  }, 60_000);

  it("the stand-in agent answers a malformed input with RAIP's 400 and ajvErrors", async () => {
    const dir = tempFolder('evalc-qa20-init-');
    expect(spawnCli(['init'], { cwd: dir }).code).toBe(0);
    const port = await freePort();
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, [path.join(dir, 'agents', 'echo-agent.mjs')], {
      env: { PORT: String(port) },
      stdio: 'ignore',
    });
    try {
      let info: Response | undefined;
      for (let i = 0; i < 100 && !info; i++) {
        info = await fetch(`http://127.0.0.1:${port}/info`).catch(() => undefined);
        if (!info) await new Promise((r) => setTimeout(r, 50));
      }
      if (!info) throw new Error('the stand-in agent did not answer /info');
      expect(((await info.json()) as { inputSchema?: unknown }).inputSchema).toMatchObject({
        required: ['query'],
      });
      const bad = await fetch(`http://127.0.0.1:${port}/invoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ input: { query: 4 }, context: {} }),
      });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { ajvErrors?: unknown[] }).ajvErrors).toHaveLength(1);
    } finally {
      child.kill();
    }
  }, 30_000);
});
