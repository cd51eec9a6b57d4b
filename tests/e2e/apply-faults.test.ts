/**
 * Faults at seeded rates: 429 + Retry-After, 500, timeouts, connection resets, malformed
 * JSON, 400 and 422. The fault of every request is a pure function of (seed, example,
 * n-th request), so each example's fate under `retries: 2` is computed here independently
 * of evalc and compared with the lockfile and with the agent's own request counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CountingAgent,
  type FaultKind,
  type FaultOptions,
  faultFor,
  startCountingAgent,
} from '../fixtures/apply-counting-agent.mjs';
import {
  assertBuilt,
  countingExamples,
  lockResults,
  runCli,
  tempWorkspace,
  writeDataset,
  writePlan,
} from './apply-harness.js';

const RETRIES = 2;
const FAULTS: FaultOptions = {
  seed: 11,
  rates: { '429': 0.12, '500': 0.12, timeout: 0.06, reset: 0.08, badjson: 0.05, '400': 0.04, '422': 0.04 },
  retryAfter: '0',
  hangMs: 1500,
};
/** What evalc must record for a final failure of each kind (protocols/raip/adapter.ts, transport.ts). */
const ERROR_KIND: Record<Exclude<FaultKind, 'ok'>, string> = {
  '429': 'http_429',
  '500': 'http_500',
  timeout: 'timeout',
  reset: 'transport_error',
  badjson: 'invalid_json',
  '400': 'contract_error',
  '422': 'semantic_mismatch',
};
const RETRYABLE = new Set<FaultKind>(['429', '500', 'timeout', 'reset']);

/** The fate of one example: requests the agent sees, and the final error kind (null: scored). */
function predict(id: string): { requests: number; error: string | null } {
  for (let n = 1; ; n++) {
    const fault = faultFor(FAULTS, id, 0, n);
    if (fault === 'ok') return { requests: n, error: null };
    if (!RETRYABLE.has(fault) || n > RETRIES) return { requests: n, error: ERROR_KIND[fault] };
  }
}

let agent: CountingAgent;
const cleanups: (() => void)[] = [];
beforeAll(async () => {
  assertBuilt();
  agent = await startCountingAgent({ faults: FAULTS });
});
afterAll(async () => {
  await agent.close();
  for (const c of cleanups) c();
});

function workspace(prefix: string, n: number, gates?: Record<string, unknown>[]): string {
  const ws = tempWorkspace(`faults-${prefix}`);
  cleanups.push(ws.cleanup);
  writeDataset(ws.dir, 'd1.jsonl', countingExamples(n, prefix));
  writePlan(ws.dir, {
    agentUrl: agent.url,
    limits: { concurrency: 6, timeout: '300ms', retries: RETRIES },
    metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' }],
    ...(gates ? { gates } : {}),
  });
  return ws.dir;
}

describe('evalc apply under seeded agent faults', () => {
  it('ends every example scored or with its error kind, retries only transient failures, and exits 0', async () => {
    const n = 60;
    const ids = countingExamples(n, 'a').map((e) => e.id);
    const predicted = new Map(ids.map((id) => [id, predict(id)]));
    // The seed exercises every fault kind in some request, and ends examples both ways.
    const seen = new Set<FaultKind>();
    for (const id of ids)
      for (let k = 1; k <= predicted.get(id)!.requests; k++) seen.add(faultFor(FAULTS, id, 0, k));
    expect(seen).toEqual(new Set(['ok', '429', '500', 'timeout', 'reset', 'badjson', '400', '422']));
    const finals = new Set([...predicted.values()].map((p) => p.error));
    for (const kind of [null, 'contract_error', 'semantic_mismatch', 'invalid_json'])
      expect(finals.has(kind)).toBe(true);
    expect([...finals].some((k) => k === 'http_429' || k === 'http_500' || k === 'transport_error')).toBe(
      true,
    );

    const dir = workspace('a', n);
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir, timeoutMs: 90_000 });
    expect(run.stderr).not.toContain('internal error');
    expect(run.code).toBe(0);

    const results = lockResults(dir);
    expect(results.map((r) => r.example).sort()).toEqual([...ids].sort());
    let scored = 0;
    const errorCounts: Record<string, number> = {};
    for (const r of results) {
      const expected = predicted.get(r.example)!;
      expect({ example: r.example, error: r.errors?.[0] ?? null }).toEqual({
        example: r.example,
        error: expected.error,
      });
      if (expected.error === null) {
        scored++;
        expect(r.metrics.exact_match?.score).toBe(1);
        expect(r.invoke[0]).toMatch(/^k1:/);
      } else {
        errorCounts[expected.error] = (errorCounts[expected.error] ?? 0) + 1;
        expect(r.metrics.exact_match?.score).toBe(0);
      }
    }
    expect(scored + Object.values(errorCounts).reduce((a, b) => a + b, 0)).toBe(n);

    // The agent saw exactly the predicted requests: retries for 429/500/timeouts/resets (at
    // most 1 + retries), a single request for 400, 422 and malformed JSON.
    const received = agent.stats().received;
    for (const id of ids)
      expect({ id, requests: received[`${id}#0`] }).toEqual({ id, requests: predicted.get(id)!.requests });
    const firstRejected = ids.filter((id) => ['400', '422'].includes(faultFor(FAULTS, id, 0, 1)));
    expect(firstRejected.length).toBeGreaterThan(0);
    for (const id of firstRejected) expect(received[`${id}#0`]).toBe(1);

    const kinds = Object.entries(errorCounts)
      .sort()
      .map(([k, c]) => `${k} ${c}`)
      .join(', ');
    expect(run.stdout).toContain(`${n} example runs, `);
    expect(run.stdout).toContain(`${n - scored} errors (${kinds})`);
  });

  it('exits 1 when a gate fails, with the lockfile written and every example accounted for', async () => {
    const n = 20;
    const ids = countingExamples(n, 'b').map((e) => e.id);
    const failures = ids.filter((id) => predict(id).error !== null).length;
    expect(failures).toBeGreaterThan(0);
    const dir = workspace('b', n, [{ metric: 'pass_rate', scope: 'benchmark', min: 0.99 }]);
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir, timeoutMs: 90_000 });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('gate failed');
    const results = lockResults(dir);
    expect(results).toHaveLength(n);
    expect(results.filter((r) => r.errors?.[0]).length).toBe(failures);
  });
});

describe('evalc apply honours Retry-After', () => {
  it('waits the delay a 429 asks for before retrying, then records http_429 when retries run out', async () => {
    const throttled = await startCountingAgent({ faults: { seed: 1, rates: { '429': 1 }, retryAfter: '1' } });
    try {
      const ws = tempWorkspace('faults-retry-after');
      cleanups.push(ws.cleanup);
      writeDataset(ws.dir, 'd1.jsonl', countingExamples(2, 'r'));
      writePlan(ws.dir, { agentUrl: throttled.url, limits: { retries: 1 }, run: { preflight: 0 } });
      const run = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir });
      expect(run.code).toBe(1); // every example ended http_429: nothing was evaluated
      const { times } = throttled.stats();
      for (const key of ['r0#0', 'r1#0']) {
        const [first, second, ...rest] = times[key] ?? [];
        expect(rest).toEqual([]);
        expect(second! - first!).toBeGreaterThanOrEqual(990);
      }
      expect(lockResults(ws.dir).map((r) => r.errors)).toEqual([['http_429'], ['http_429']]);
    } finally {
      await throttled.close();
    }
  });
});
