/**
 * QA340: a `raip` binding that reads `raw` (`prov: raw.provider`) without `run.trace` failed
 * `extraction_failed` "no value for prov (raw.provider): the reply has no `raw`; its fields:
 * `output`, `usage`" although the agent sent one: evalc drops it (R12), and the message blamed the
 * agent. It now says why (`raw` is kept only with run.trace: true), as validate's EVALC_BIND_FIELD
 * warning does. With `run.trace: true` the same binding reads it (R13). Real loopback agent,
 * apply in process.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { applyInProcess } from '../protocols/apply-in-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function workspace(trace: boolean): Promise<string> {
  const server: Loopback = await startLoopback((req, res) => {
    if ((req.url ?? '').startsWith('/info'))
      return sendJson(res, 200, { name: 'n', inputSchema: { type: 'object' } });
    return sendJson(res, 200, { output: { answer: 'A' }, usage: {}, raw: { provider: 'p1' } });
  });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa340-raw-'));
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => server.close(),
  );
  writeFileSync(path.join(dir, 'd.jsonl'), '{"id":"e1","vars":{"q":"a"},"expected":{"answer":"A"}}\n');
  const plan = {
    evalc: 1,
    benchmark: { id: 'b', version: '1.0.0' },
    agents: { a1: { protocol: 'raip', url: server.url, limits: { timeout: '5s', retries: 0 } } },
    tasks: {
      t: {
        bindings: {
          default: { input: { query: '{{q}}' }, output: { answer: 'output.answer', prov: 'raw.provider' } },
        },
        datasets: { d: { source: 'd.jsonl' } },
        metrics: [{ type: 'exact_match', candidate: 'answer', expected: 'answer' }],
      },
    },
    run: { repeats: 1, seed: 7, preflight: 0, bootstrap: 100, trace },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
  return dir;
}

function firstRepeat(dir: string): { error: { kind: string; message: string } | null; candidates: unknown } {
  const report = JSON.parse(readFileSync(path.join(dir, '.evalc', 'reports', 'report.json'), 'utf8'));
  return report.examples[0].repeats[0];
}

describe('a raip binding reading raw without run.trace (QA340)', () => {
  it('says raw is kept only with run.trace, not that the reply has none', async () => {
    const dir = await workspace(false);
    const outcome = await applyInProcess(dir);
    expect(outcome.status).toBe('done');
    const { error } = firstRepeat(dir);
    expect(error?.kind).toBe('extraction_failed');
    expect(error?.message).toBe(
      'no value for prov (raw.provider): a raip reply keeps `raw` only with run.trace: true (RAIP hides the provider payload by default, R12): set run: { trace: true } to bind it',
    );
  });

  it('with run.trace the same binding reads it (R13)', async () => {
    const dir = await workspace(true);
    await applyInProcess(dir);
    expect(firstRepeat(dir)).toMatchObject({ error: null, candidates: { answer: 'A', prov: 'p1' } });
  });
});
