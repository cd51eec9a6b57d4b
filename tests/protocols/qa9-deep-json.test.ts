/**
 * QA9: a reply nested 10,000 levels deep. `JSON.parse` reads it, but the cache's
 * `JSON.stringify` overflowed the stack afterwards: `evalc apply` died with "internal error:
 * RangeError: Maximum call stack size exceeded" (stack trace, no lockfile, no reports) and did
 * so again on every apply. Now the reply is refused as `invalid_json` for that example and the
 * run finishes, the other agent's results kept.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { startRawServer } from '../fixtures/qa9-raw-http-server.js';
import { applyInProcess } from './apply-in-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('replies nested too deep', () => {
  it('the transport refuses a 10,000-level reply as invalid_json, saying why', async () => {
    const server = await startRawServer();
    const transport = new HttpTransport({ retries: 0 });
    cleanups.push(
      () => server.close(),
      () => transport.close(),
    );
    const reply = await transport.requestJson({ method: 'POST', url: `${server.url}/deep/x`, body: {} });
    expect(reply.ok ? '' : reply.error).toEqual({
      kind: 'invalid_json',
      message: `POST ${server.url}/deep/x: reply nests arrays/objects deeper than 512 levels`,
      retryable: false,
    });
  });

  it('keeps shallow JSON whose strings hold many brackets', async () => {
    const server = await startRawServer();
    const transport = new HttpTransport({ retries: 0 });
    cleanups.push(
      () => server.close(),
      () => transport.close(),
    );
    const reply = await transport.requestJson({ method: 'GET', url: `${server.url}/brackets-in-string/x` });
    expect(reply.ok).toBe(true);
    expect((reply.ok ? (reply.body as { answer: string }).answer : '').length).toBe(10_003);
  });

  it('apply records invalid_json for the deep agent and finishes, keeping the other agent', async () => {
    const server = await startRawServer();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa9-deep-'));
    cleanups.push(
      () => server.close(),
      () => rmSync(dir, { recursive: true, force: true }),
    );
    const agent = (mode: string) => ({
      protocol: 'http',
      url: `${server.url}/${mode}/x`,
      limits: { retries: 0 },
    });
    const plan = {
      evalc: 1,
      benchmark: { id: 'qa9-deep', version: '1.0.0' },
      agents: { deep: agent('deep'), fine: agent('ok') },
      tasks: {
        t: {
          bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'answer' } } },
          datasets: { d: { examples: [{ id: 'e1', vars: { q: 'hi' }, expected: { answer: 'café' } }] } },
          metrics: [{ type: 'exact_match', candidate: 'answer', expected: 'answer' }],
        },
      },
      run: { repeats: 1, seed: 1, preflight: 0, bootstrap: 100 },
    };
    writeFileSync(path.join(dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
    const outcome = await applyInProcess(dir);
    if (outcome.status !== 'done')
      throw new Error(`apply ${outcome.status}: ${JSON.stringify(outcome).slice(0, 500)}`);
    const rows = outcome.lock.results.map((row) => ({
      group: row.group,
      errors: row.errors,
      pass: row.pass,
    }));
    expect(rows).toEqual([
      { group: 'deep/t/d', errors: ['invalid_json'], pass: false },
      { group: 'fine/t/d', errors: undefined, pass: true },
    ]);
    // An http agent's method (and `response:`, when set) is pinned with it, as chat and mae settings are.
    expect(outcome.lock.agents.fine?.settings).toEqual({ method: 'POST' });
  });
});
