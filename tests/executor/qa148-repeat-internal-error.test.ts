/**
 * An internal error in one repeat of an example (a bug: a throw, not an agent's failure) comes out
 * of runExample only once the example's other repeats have settled (QA148). Since f8f66d8 the
 * repeats run side by side; with Promise.all the error came out at once while the sibling repeats
 * were still waiting for the agent, so the worker pool's promise ("the items in flight finish, then
 * the first error is thrown: nothing still writes into a cache the caller closes", QA35) no longer
 * held: apply closed the cache and the siblings' answers were written after it. A real compiled
 * plan, the real RAIP adapter and a real loopback agent; repeat #0's call throws.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compilePlan } from '../../src/compiler/compile.js';
import { loadPlan } from '../../src/compiler/load-plan.js';
import type { GroupRuntime } from '../../src/executor/run-example.js';
import { runExample } from '../../src/executor/run-example.js';
import type { StepStore } from '../../src/executor/step-store.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createRaipAdapter } from '../../src/protocols/raip/adapter.js';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';

let agent: Loopback;
let dir: string;
beforeAll(async () => {
  agent = await startLoopback(async (req, res) => {
    if (req.method === 'GET')
      return sendJson(res, 200, { name: 'slow', version: '1.0.0', inputSchema: { type: 'object' } });
    await new Promise((r) => setTimeout(r, 200));
    sendJson(res, 200, { output: { answer: 'an answer' } });
  });
  dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa148-'));
});
afterAll(async () => {
  await agent.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('runExample after an internal error in one repeat', () => {
  it('throws it once the other repeats have settled, not while they still write', async () => {
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: b }
agents: { a: { protocol: raip, url: "${agent.url}" } }
run: { repeats: 3 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: x } } ] } }
    metrics: [ { type: contains, value: answer } ]
`,
    );
    const loaded = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
    if (!loaded.resolved) throw new Error(loaded.diagnostics.map((d) => d.message).join('\n'));
    const compiled = compilePlan(loaded.resolved, {}).groups[0]!;
    const transport = new HttpTransport({ timeoutMs: 5000, retries: 0, random: () => 0 });
    const raip = createRaipAdapter({ protocol: 'raip', url: agent.url }, { transport });
    const discovered = await raip.discover(AbortSignal.timeout(5000));
    expect(discovered.ok).toBe(true);
    const entries = new Map<string, unknown>();
    const puts: string[] = [];
    let settled = false;
    const store = {
      has: (key: string) => entries.has(key),
      get: (key: string) => entries.get(key),
      put: (key: string, kind: string, value: unknown) => {
        puts.push(`${kind}${settled ? ' after the error' : ''}`);
        entries.set(key, value);
      },
    } as unknown as StepStore;
    const rt = {
      compiled,
      adapter: {
        ...raip,
        invoke: (input, ctx) =>
          ctx.repeat === 0 ? Promise.reject(new Error('a bug')) : raip.invoke(input, ctx),
      },
      metrics: [],
      store,
      runId: 'r',
      trace: false,
      refresh: false,
      prices: {},
      signal: new AbortController().signal,
      scrub: (text) => text,
      log: () => {},
      rubricVersions: new Map(),
      onInvoke: () => {},
    } satisfies GroupRuntime;
    const example = compiled.group.dataset.examples[0]!;
    await expect(
      runExample(rt, example).finally(() => {
        settled = true;
      }),
    ).rejects.toThrow('a bug');
    // Let anything still running finish (the agent answers after 200 ms).
    await new Promise((r) => setTimeout(r, 500));
    await transport.close?.();
    // Repeats #1 and #2 were answered and cached before the error came out; nothing after it.
    expect(puts.filter((p) => p.startsWith('invoke'))).toEqual(['invoke', 'invoke']);
    expect(puts.filter((p) => p.endsWith('after the error'))).toEqual([]);
  });
});
