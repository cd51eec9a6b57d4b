/**
 * An agent whose discovery (`GET /info`) fails is a failed step, not a failed run: the other
 * agents are evaluated, its examples record the error kind, apply exits 1 (nothing evaluated for
 * it), and once it answers again the next apply finishes it. `--locked` still refuses (it cannot
 * check that agent's pins). Real CLI, real loopback agents (one of them closed).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, lockResults, runCli, tempWorkspace } from '../e2e/apply-harness.js';
import { type FaultAgent, faultExamples, faultPlan, startFaultAgent } from '../fixtures/qa3-fault-agent.js';

let up: FaultAgent;
const cleanups: (() => void)[] = [];
beforeAll(async () => {
  assertBuilt();
  up = await startFaultAgent();
});
afterAll(async () => {
  await up.close();
  for (const c of cleanups) c();
});

function workspace(downUrl: string): string {
  const ws = tempWorkspace('qa3-discovery-failure');
  cleanups.push(ws.cleanup);
  const limits = { concurrency: 2, retries: 0 };
  writeFileSync(
    path.join(ws.dir, 'evalc.yaml'),
    faultPlan(up.url, limits, { a2: { protocol: 'raip', url: downUrl, limits } }),
  );
  writeFileSync(path.join(ws.dir, 'd1.jsonl'), faultExamples({ x1: 'ok', x2: 'ok', x3: 'ok' }));
  return ws.dir;
}

describe('an agent that does not answer /info', () => {
  it('is recorded on its examples while the other agent is evaluated; the next apply finishes it', async () => {
    const down = await startFaultAgent();
    const downUrl = down.url;
    await down.close();
    const dir = workspace(downUrl);

    const first = await runCli(['apply', '--json'], { cwd: dir });
    expect(first.code).toBe(1);
    const result = JSON.parse(first.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
    expect(result).toMatchObject({ status: 'done', unevaluated: ['a2'], errorKinds: { transport_error: 3 } });
    // Only a1's three examples were sent: a2's were never (QA34: they counted as agent calls).
    expect(result.invoked).toBe(3);
    expect(up.requests.length).toBe(3);
    const rows = lockResults(dir);
    expect(rows.filter((r) => r.group === 'a1/t1/d1').map((r) => [r.example, r.pass])).toEqual([
      ['x1', true],
      ['x2', true],
      ['x3', true],
    ]);
    expect(rows.filter((r) => r.group === 'a2/t1/d1').map((r) => r.errors)).toEqual([
      ['transport_error'],
      ['transport_error'],
      ['transport_error'],
    ]);

    const locked = await runCli(['apply', '--locked'], { cwd: dir });
    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain('agent a2: discovery failed (transport_error)');

    // The agent comes back on the same port: the next apply evaluates it and calls a1 no more.
    const port = Number(new URL(downUrl).port);
    const back = await startFaultAgentOn(port);
    try {
      const a1Calls = up.requests.length;
      const second = await runCli(['apply', '--quiet'], { cwd: dir });
      expect(second.code).toBe(0);
      expect(up.requests.length).toBe(a1Calls);
      expect(lockResults(dir).every((r) => r.pass === true && r.errors === undefined)).toBe(true);
    } finally {
      await back.close();
    }
  });
});

describe('an agent that stops answering /info after a complete run', () => {
  it('keeps its cached answers and records the error only on examples it never answered', async () => {
    const probe = await startFaultAgent();
    const port = Number(new URL(probe.url).port);
    await probe.close();
    const a2 = await startFaultAgentOn(port);
    const dir = workspace(`http://127.0.0.1:${port}`);
    expect((await runCli(['apply', '--quiet'], { cwd: dir })).code).toBe(0);
    await a2.close();

    // Nothing changed: up to date, with a warning that a2 does not answer.
    const upToDate = await runCli(['apply'], { cwd: dir });
    expect(upToDate.code).toBe(0);
    expect(upToDate.stdout).toContain('evalc.lock is up to date');
    expect(upToDate.stderr).toContain('evalc: warning: agent a2: discovery failed (transport_error)');

    writeFileSync(path.join(dir, 'd1.jsonl'), faultExamples({ x1: 'ok', x2: 'ok', x3: 'ok', x4: 'ok' }));
    const next = await runCli(['apply', '--quiet'], { cwd: dir });
    expect(next.code).toBe(0);
    const a2Rows = lockResults(dir).filter((r) => r.group === 'a2/t1/d1');
    expect(a2Rows.map((r) => [r.example, r.pass, r.errors ?? null])).toEqual([
      ['x1', true, null],
      ['x2', true, null],
      ['x3', true, null],
      ['x4', false, ['transport_error']],
    ]);
  });
});

/** A loopback RAIP agent on a given port (the one the plan names). */
async function startFaultAgentOn(port: number): Promise<{ close(): Promise<void> }> {
  const { createServer } = await import('node:http');
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.url?.startsWith('/info')) {
        res.end(JSON.stringify({ name: 'qa3-back', version: '1.0.0', inputSchema: { type: 'object' } }));
        return;
      }
      const q = (JSON.parse(body) as { input: { q: string } }).input.q;
      res.end(JSON.stringify({ output: { answer: `A:${q}` } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
