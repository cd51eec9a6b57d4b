/**
 * The shared conformance suite every agent adapter passes (STYLE.md: hono-style, one suite,
 * several implementations).
 *
 * Usage, in `<protocol>-conformance.test.ts`:
 *
 *   describeAdapterConformance('raip', async (behaviour) => {
 *     const agent = await startMyFixture(behaviour);           // a real server on 127.0.0.1
 *     const adapter = createMyAdapter(config, runtime);         // with a short timeout (≤ 500 ms)
 *     return { adapter, input, ctx: (signal) => testContext(signal), secret, close };
 *   });
 *
 * `makeHarness(behaviour)` returns an adapter wired to a fixture agent that
 * - 'ok':       answers every request successfully;
 * - 'error500': answers every request with HTTP 500 (configure ≤ 1 retry so the test is fast);
 * - 'badjson':  answers 200 with a body that is not JSON;
 * - 'slow':     does not answer within the adapter's timeout (configure the timeout ≤ 500 ms
 *               and no retries, or keep retries × timeout under ~2 s).
 * `secret` is a header value configured on the adapter (use '' when the transport has no
 * headers); `secretReceived()` (optional) says whether the fixture saw it, so the secret test
 * cannot pass vacuously. `close()` closes the adapter's fixture (the suite closes the adapter).
 */
import { describe, expect, it } from 'vitest';
import type { AgentAdapter, InvokeContext } from '../../src/protocols/types.js';

export type ConformanceBehaviour = 'ok' | 'error500' | 'badjson' | 'slow';

export interface ConformanceHarness {
  adapter: AgentAdapter;
  input: unknown;
  ctx(signal: AbortSignal): InvokeContext;
  secret: string;
  secretReceived?: () => boolean;
  close(): Promise<void>;
}

export type MakeHarness = (behaviour: ConformanceBehaviour) => Promise<ConformanceHarness>;

/** An InvokeContext for tests; `turns` feed multi-turn protocols. */
export function testContext(
  signal: AbortSignal,
  example: InvokeContext['example'] = { id: 'ex-1' },
): InvokeContext {
  return {
    runId: 'run-1',
    taskId: 'task-1',
    datasetId: 'dataset-1',
    example,
    repeat: 0,
    trace: false,
    signal,
    log: () => undefined,
  };
}

async function withHarness<T>(
  make: MakeHarness,
  behaviour: ConformanceBehaviour,
  body: (h: ConformanceHarness) => Promise<T>,
): Promise<T> {
  const harness = await make(behaviour);
  try {
    return await body(harness);
  } finally {
    await harness.adapter.close();
    await harness.close();
  }
}

export function describeAdapterConformance(name: string, make: MakeHarness): void {
  describe(`${name} adapter conformance`, () => {
    it('returns a JSON trajectory with response, messages and usage on success', async () => {
      await withHarness(make, 'ok', async (h) => {
        const outcome = await h.adapter.invoke(h.input, h.ctx(new AbortController().signal));
        expect(outcome.ok).toBe(true);
        if (!outcome.ok) return;
        const { trajectory } = outcome;
        expect(trajectory.response).toBeDefined();
        expect(Array.isArray(trajectory.messages)).toBe(true);
        expect(typeof trajectory.usage).toBe('object');
        expect(trajectory.turns).toBeGreaterThanOrEqual(1);
        expect(JSON.parse(JSON.stringify(trajectory))).toEqual(trajectory);
      });
    });

    it('ends a persistent HTTP 500 as a failed outcome with kind http_500 (no throw)', async () => {
      await withHarness(make, 'error500', async (h) => {
        const outcome = await h.adapter.invoke(h.input, h.ctx(new AbortController().signal));
        expect(outcome.ok).toBe(false);
        if (!outcome.ok) expect(outcome.error.kind).toBe('http_500');
      });
    });

    it('reports a malformed JSON reply as invalid_json', async () => {
      await withHarness(make, 'badjson', async (h) => {
        const outcome = await h.adapter.invoke(h.input, h.ctx(new AbortController().signal));
        expect(outcome.ok).toBe(false);
        if (!outcome.ok) expect(outcome.error.kind).toBe('invalid_json');
      });
    });

    it('reports a reply that never comes as timeout', async () => {
      await withHarness(make, 'slow', async (h) => {
        const outcome = await h.adapter.invoke(h.input, h.ctx(new AbortController().signal));
        expect(outcome.ok).toBe(false);
        if (!outcome.ok) expect(outcome.error.kind).toBe('timeout');
      });
    });

    it('returns cancelled when the signal aborts mid-request', async () => {
      await withHarness(make, 'slow', async (h) => {
        const controller = new AbortController();
        setTimeout(() => controller.abort(), 50);
        const started = performance.now();
        const outcome = await h.adapter.invoke(h.input, h.ctx(controller.signal));
        expect(outcome.ok).toBe(false);
        if (!outcome.ok) expect(outcome.error.kind).toBe('cancelled');
        expect(performance.now() - started).toBeLessThan(1000);
      });
    });

    it('returns cancelled without a request when the signal is already aborted', async () => {
      await withHarness(make, 'ok', async (h) => {
        const controller = new AbortController();
        controller.abort();
        const outcome = await h.adapter.invoke(h.input, h.ctx(controller.signal));
        expect(outcome.ok).toBe(false);
        if (!outcome.ok) expect(outcome.error.kind).toBe('cancelled');
      });
    });

    it('closes idempotently', async () => {
      await withHarness(make, 'ok', async (h) => {
        await h.adapter.close();
        await expect(h.adapter.close()).resolves.toBeUndefined();
      });
    });

    it('never puts header secrets in outcomes', async () => {
      for (const behaviour of ['ok', 'error500', 'badjson'] as const) {
        await withHarness(make, behaviour, async (h) => {
          const outcome = await h.adapter.invoke(h.input, h.ctx(new AbortController().signal));
          if (h.secret !== '') expect(JSON.stringify(outcome)).not.toContain(h.secret);
          if (h.secretReceived) expect(h.secretReceived()).toBe(true);
        });
      }
    });
  });
}
