/**
 * QA50: a reply whose body does not match its `Content-Length` (here one sent with chunked
 * transfer-encoding too) is a transport_error in words: the message was undici's bare code,
 * `UND_ERR_RES_CONTENT_LENGTH_MISMATCH`. A Retry-After of 400 digits (read as an endless wait, not
 * retried) said "retry after Infinity s".
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  startQa50HostileReplyServer,
  startQa50LengthMismatchServer,
} from '../fixtures/qa50-hostile-reply-server.js';
import { applyInProcess } from './apply-in-process.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Applies one example against an `http` agent (`agent` its config) and returns its first repeat's error. */
async function firstError(name: string, agent: Record<string, unknown>, expected: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `qa50-${name}-`));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(
    path.join(dir, 'd.jsonl'),
    JSON.stringify({ id: 'e1', vars: { q: 'x' }, expected: { answer: expected } }),
  );
  const plan = {
    evalc: 1,
    benchmark: { id: `qa50-${name}`, version: '1.0.0' },
    agents: { web: { protocol: 'http', ...agent } },
    tasks: {
      t: {
        bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'answer' } } },
        datasets: { d: { source: 'd.jsonl' } },
        metrics: [{ type: 'exact_match', candidate: 'answer', expected: 'answer' }],
      },
    },
    run: { repeats: 1, seed: 7, preflight: 0 },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
  const outcome = await applyInProcess(dir);
  expect(outcome.status).toBe('done');
  const report = JSON.parse(readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8')) as {
    examples: { repeats: { error?: { kind: string; message: string } }[] }[];
  };
  return report.examples[0]?.repeats[0]?.error;
}

describe('HTTP failures of hostile servers, in words (QA50)', () => {
  it('says a reply whose body does not match its Content-Length does not, keeping the code', async () => {
    const server = await startQa50LengthMismatchServer();
    cleanups.push(() => server.close());
    const error = await firstError('short-body', { url: `${server.url}/x`, limits: { retries: 0 } }, 'fine');
    expect(error).toEqual({
      kind: 'transport_error',
      message: `POST ${server.url}/x: the reply's body does not match its Content-Length header (UND_ERR_RES_CONTENT_LENGTH_MISMATCH)`,
    });
  }, 30_000);

  it('names a Retry-After too long to be a number as an endless wait (it said "after Infinity s")', async () => {
    const server = await startQa50HostileReplyServer();
    cleanups.push(() => server.close());
    const error = await firstError('retry-after', { url: `${server.url}/busy` }, 'x');
    expect(server.calls.filter((c) => c === '/busy')).toHaveLength(1); // not retried
    expect(error).toEqual({
      kind: 'http_429',
      message: `POST ${server.url}/busy: HTTP 429 (it asks to retry after an endless time, longer than evalc waits: 120 s): slow down`,
    });
  }, 30_000);
});
