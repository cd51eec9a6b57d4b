/**
 * QA347: a RAIP 200 without `output` whose `error.code` names a status evalc retries (2e5017ce:
 * `http_503`, not cached) was not retried within the apply, unlike the same status sent as a
 * status and an `openai` agent's 200 error: an upstream back a second later still failed the
 * example, and the end-of-apply note said the agent 'answered HTTP 503 … (after retries)' when
 * none was sent. It is now retried as its status is (limits.retries, a Retry-After waited), and
 * the transport gives the raip slot on (onReplyRead) only for the final 2xx, after the check.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRandom } from '../../src/metrics/stats/prng.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { failureInInvoke } from '../../src/protocols/raip/status-in-body.js';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { writeOneExampleRaipPlan } from '../fixtures/raip-one-example-plan.js';
import { applyInProcess } from './apply-in-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An agent whose first `failures` invokes answer 200 with `{"error": {"code": 503, …}}`. */
async function flakyAgent(failures: number): Promise<{ server: Loopback; invokes: () => number }> {
  let invokes = 0;
  const server = await startLoopback((req, res) => {
    if ((req.url ?? '').startsWith('/info'))
      return sendJson(res, 200, { name: 'n', inputSchema: { type: 'object' } });
    invokes += 1;
    if (invokes <= failures) {
      res.setHeader('retry-after', '0');
      return sendJson(res, 200, { error: { code: 503, message: 'upstream overloaded' } });
    }
    return sendJson(res, 200, { output: { answer: 'A' }, usage: {} });
  });
  cleanups.push(() => server.close());
  return { server, invokes: () => invokes };
}

/**
 * One POST /invoke through a transport of `retries` to an agent failing `failures` times: the
 * reply and how often the slot was given on (onReplyRead).
 */
async function invokeThrough(failures: number, retries: number) {
  const agent = await flakyAgent(failures);
  const transport = new HttpTransport({ random: createRandom(3), retries });
  cleanups.push(() => transport.close());
  const url = `${agent.server.url}/invoke`;
  let calls = 0;
  const reply = await transport.requestJson({
    method: 'POST',
    url,
    body: { q: 1 },
    failureIn2xx: failureInInvoke(`POST ${url}`),
    onReplyRead: () => calls++,
  });
  return { agent, reply, calls };
}

describe('a RAIP 200 naming a retried status is retried within the apply (QA347)', () => {
  it('limits.retries sends it again: the upstream back, the example passes in the same apply', async () => {
    const agent = await flakyAgent(1);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa347-raip-retry-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    writeOneExampleRaipPlan(dir, agent.server.url);
    const planFile = path.join(dir, 'evalc.yaml');
    writeFileSync(planFile, readFileSync(planFile, 'utf8').replace('"retries": 0', '"retries": 2'));
    const outcome = await applyInProcess(dir);
    if (outcome.status !== 'done') throw new Error(`apply ${outcome.status}`);
    expect(agent.invokes()).toBe(2);
    expect(outcome.lock.results[0]).not.toHaveProperty('errors');
    expect(outcome.lock.results[0]).toMatchObject({ metrics: { exact_match: { pass: true } } });
  });

  it('"output": null beside such an error is that failure too, not a cached extraction_failed', async () => {
    let invokes = 0;
    const server = await startLoopback((req, res) => {
      if ((req.url ?? '').startsWith('/info'))
        return sendJson(res, 200, { name: 'n', inputSchema: { type: 'object' } });
      invokes += 1;
      return sendJson(res, 200, { output: null, error: { code: '502', message: 'bad gateway' } });
    });
    cleanups.push(() => server.close());
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa347-raip-null-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    writeOneExampleRaipPlan(dir, server.url);
    const first = await applyInProcess(dir);
    if (first.status !== 'done') throw new Error(`apply ${first.status}`);
    expect(first.lock.results[0]).toMatchObject({ errors: ['http_502'] });
    await applyInProcess(dir);
    expect(invokes).toBe(2);
  });

  it('the slot is given on once, for the final 2xx, after the retried one', async () => {
    const { reply, calls } = await invokeThrough(2, 3);
    expect(reply).toMatchObject({ ok: true, attempts: 3, body: { output: { answer: 'A' } } });
    expect(calls).toBe(1);
  });

  it('retries spent, it is the status failure, the one reply read and returned as it came', async () => {
    const { agent, reply, calls } = await invokeThrough(9, 1);
    expect(reply).toMatchObject({ ok: true, attempts: 2, body: { error: { code: 503 } } });
    expect(agent.invokes()).toBe(2);
    expect(calls).toBe(0);
  });
});
