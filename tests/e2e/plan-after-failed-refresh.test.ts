/**
 * `apply --refresh` whose new attempts fail (the agent now answers 500) records the failures in
 * evalc.lock but caches none of them, so the cache still holds the answers of the run before.
 * The next apply reuses those answers without calling the agent, and the lock's rows change:
 * `plan` must say so (exit 2, with the reason) rather than "No changes" (QA22 found it saying
 * "No changes" while the next apply rewrote every row).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockResults, runCli, tempWorkspace, writeDataset, writePlan } from './apply-harness.js';

/** A RAIP agent that answers, or fails every invoke with a 500 while `failing` is set. */
let failing = false;
let calls = 0;
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    if (req.url === '/info') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ name: 'switchable', version: '1.0.0', inputSchema: { type: 'object' } }));
      return;
    }
    calls++;
    if (failing) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('boom');
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { input: { q: string } };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ output: { answer: body.input.q, codes: [`A-${body.input.q}`] } }));
  });
});
let url = '';
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  for (const c of cleanups) c();
});

describe('plan after an apply --refresh that failed', () => {
  it('lists the examples whose recorded failure the cache answers, and apply then calls no agent', async () => {
    const { dir, cleanup } = tempWorkspace('failed-refresh');
    cleanups.push(cleanup);
    writeDataset(
      dir,
      'd1.jsonl',
      Array.from({ length: 8 }, (_, i) => ({
        id: `e${i}`,
        vars: { q: `e${i}` },
        expected: { codes: [`A-e${i}`] },
      })),
    );
    writePlan(dir, { agentUrl: url, limits: { retries: 0 } });
    failing = false;
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    const answered = lockResults(dir).map((r) => r.pass);
    expect(answered).toEqual(Array(8).fill(true));

    failing = true;
    // Nothing evaluated for the agent: exit 1, the lock records why.
    expect((await runCli(['apply', 'evalc.yaml', '--refresh', '--quiet'], { cwd: dir })).code).toBe(1);
    const refreshed = lockResults(dir);
    // The preflight's 5 examples failed with 500; the other 3 were never sent.
    expect(refreshed.map((r) => r.errors?.[0])).toEqual([
      ...Array(5).fill('http_500'),
      ...Array(3).fill('preflight_failed'),
    ]);

    const plan = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(plan.code).toBe(2);
    expect(plan.stdout).toMatch(
      /~ invoke +counting\/t1\[a1\] +5 examples +because evalc\.lock records a failure \(http_500\) and the cache holds an earlier answer: apply reuses it \(no agent call; --refresh asks again\)/,
    );
    expect(plan.stdout).toMatch(
      /~ invoke +counting\/t1\[a1\] +3 examples +because evalc\.lock records a failure \(preflight_failed\)/,
    );
    expect(plan.stdout).toContain('Plan: 0 to invoke, 0 to extract, 0 to score, 3 to aggregate;');

    // apply does what plan said: no agent call, the rows answered again, then nothing to do.
    const before = calls;
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    expect(calls).toBe(before);
    expect(lockResults(dir).map((r) => r.pass)).toEqual(Array(8).fill(true));
    const after = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(after.code).toBe(0);
    expect(after.stdout).toMatch(/^No changes\./);
  });
});
