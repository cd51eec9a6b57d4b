/**
 * M27 (shared/protocols/mae.md §1.8): with `traceContext: true` every request carries a W3C
 * `traceparent` header (http, sse) and `span_context.traceparent` in its body (all transports),
 * matching `00-<32hex>-<16hex>-<2hex>`; off by default. The expected ids below were computed
 * independently with Python's hashlib from the documented derivation (trace-context.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MaeAgentConfig } from '../../src/plan/schema.js';
import { maeSettings } from '../../src/protocols/mae/adapter.js';
import { TRACEPARENT_PATTERN, traceIdFor, traceparentFor } from '../../src/protocols/mae/trace-context.js';
import type { InvokeContext } from '../../src/protocols/types.js';
import {
  finalAnswer,
  maeConfig,
  maeContext,
  makeMaeAdapter,
  STDIO_AGENT_COMMAND,
} from '../fixtures/mae-harness.js';
import { type MaeHttpAgent, startMaeHttpAgent } from '../fixtures/mae-http-agent.js';
import { type MaeSocketAgent, startMaeSocketAgent } from '../fixtures/mae-socket-agent.js';
import { type MaeSseAgent, startMaeSseAgent } from '../fixtures/mae-sse-agent.js';

/**
 * For runId run-1, no agent id, taskId task-1, dataset dataset-1, example ex-1, repeat 0
 * (maeContext's defaults); turns 1 and 2. (QA144 added the agent and the dataset to the key: the
 * ids before were 505f6a68…, the same for two agents or two datasets.)
 */
const TRACE_ID = 'c83b8137036fc4d9dc2456401e0acf04';
const TURN_1 = `00-${TRACE_ID}-ec63639a7819879d-01`;
const TURN_2 = `00-${TRACE_ID}-0b032fd7977dc222-01`;
const W3C = /^00-[a-f0-9]{32}-[a-f0-9]{16}-[a-f0-9]{2}$/;
const TWO_TURNS = 'tool:get_customer_details {"customer_id":"c1"}';

let http: MaeHttpAgent;
let sse: MaeSseAgent;
let socket: MaeSocketAgent;
beforeAll(async () => {
  [http, sse, socket] = await Promise.all([startMaeHttpAgent(), startMaeSseAgent(), startMaeSocketAgent()]);
});
afterAll(async () => {
  await Promise.all([http.close(), sse.close(), socket.close()]);
});

async function invoke(
  config: Partial<MaeAgentConfig>,
  task: string,
  ctx: Partial<InvokeContext> = {},
): Promise<ReturnType<typeof finalAnswer>> {
  const adapter = makeMaeAdapter(config, { timeoutMs: 3000 });
  try {
    return finalAnswer(await adapter.invoke(task, { ...maeContext(), ...ctx }));
  } finally {
    await adapter.close();
  }
}

describe('trace ids', () => {
  it('derive the documented ids from run, agent, task, dataset, example, repeat and turn', () => {
    const traceId = traceIdFor({
      runId: 'run-1',
      agentId: '',
      taskId: 'task-1',
      datasetId: 'dataset-1',
      exampleId: 'ex-1',
      repeat: 0,
    });
    expect(traceId).toBe(TRACE_ID);
    expect(traceparentFor(traceId, 1)).toBe(TURN_1);
    expect(traceparentFor(traceId, 2)).toBe(TURN_2);
    expect(TURN_1).toMatch(TRACEPARENT_PATTERN);
  });

  it('differ when any part of the key differs', () => {
    const base = {
      runId: 'run-1',
      agentId: 'a1',
      taskId: 'task-1',
      datasetId: 'd1',
      exampleId: 'ex-1',
      repeat: 0,
    };
    const ids = new Set([
      traceIdFor(base),
      traceIdFor({ ...base, runId: 'run-2' }),
      traceIdFor({ ...base, agentId: 'a2' }),
      traceIdFor({ ...base, taskId: 'task-2' }),
      traceIdFor({ ...base, datasetId: 'd2' }),
      traceIdFor({ ...base, exampleId: 'ex-2' }),
      traceIdFor({ ...base, repeat: 1 }),
    ]);
    expect(ids.size).toBe(7);
  });
});

describe('M27 over http', () => {
  it('sends the traceparent header and span_context, one span per turn, one trace per conversation', async () => {
    const before = http.requests.length;
    const answer = await invoke(
      { transport: 'http', url: http.url, profile: 'agentv', traceContext: true },
      TWO_TURNS,
    );
    expect(answer).toBe('echo:Executed get_customer_details');
    const requests = http.requests.slice(before);
    expect(requests.map((r) => r.headers.traceparent)).toEqual([TURN_1, TURN_2]);
    expect(requests.map((r) => r.body.span_context)).toEqual([
      { traceparent: TURN_1 },
      { traceparent: TURN_2 },
    ]);
    expect(requests[1]?.body).toEqual({
      task_description: 'Executed get_customer_details',
      span_context: { traceparent: TURN_2 },
    });
  });

  it('adds span_context to the seed body too', async () => {
    const before = http.requests.length;
    await invoke({ transport: 'http', url: http.url, profile: 'seed', traceContext: true }, 'final:x');
    expect(http.requests[before]?.body).toEqual({
      task_description: 'final:x',
      turn: 1,
      conversation_history: [{ role: 'user', content: 'final:x' }],
      span_context: { traceparent: TURN_1 },
    });
  });

  it('is off by default: no header, no span_context', async () => {
    const before = http.requests.length;
    await invoke({ transport: 'http', url: http.url, profile: 'agentv' }, 'final:x');
    const request = http.requests[before];
    expect(request?.headers.traceparent).toBeUndefined();
    expect(request?.body).toEqual({ task_description: 'final:x' });
  });

  it('uses another trace for another repeat', async () => {
    const before = http.requests.length;
    await invoke({ transport: 'http', url: http.url, profile: 'agentv', traceContext: true }, 'final:x', {
      repeat: 1,
    });
    const header = String(http.requests[before]?.headers.traceparent);
    expect(header).toMatch(W3C);
    expect(header.split('-')[1]).not.toBe(TRACE_ID);
  });
});

describe('M27 over sse', () => {
  it('sends the header and span_context, and identical bytes for the same invocation', async () => {
    const config = { transport: 'sse', url: sse.url, profile: 'agentv', traceContext: true } as const;
    const before = sse.requests.length;
    await invoke(config, TWO_TURNS);
    await invoke(config, TWO_TURNS);
    const requests = sse.requests.slice(before);
    expect(requests.map((r) => r.headers.traceparent)).toEqual([TURN_1, TURN_2, TURN_1, TURN_2]);
    expect(requests.map((r) => r.body.span_context)).toEqual(
      [TURN_1, TURN_2, TURN_1, TURN_2].map((t) => ({ traceparent: t })),
    );
    expect(requests[2]?.text).toBe(requests[0]?.text);
    expect(requests[0]?.text).toBe(
      `{"span_context":{"traceparent":"${TURN_1}"},"task_description":${JSON.stringify(TWO_TURNS)}}`,
    );
  });

  it('is off by default', async () => {
    const before = sse.requests.length;
    await invoke({ transport: 'sse', url: sse.url, profile: 'agentv' }, 'final:x');
    expect(sse.requests[before]?.headers.traceparent).toBeUndefined();
    expect(sse.requests[before]?.body).toEqual({ task_description: 'final:x' });
  });
});

describe('M27 over local and socket (body only)', () => {
  it('local per turn (agentv): the body carries span_context', async () => {
    const answer = await invoke(
      { transport: 'local', command: STDIO_AGENT_COMMAND, profile: 'agentv', traceContext: true },
      'echo-body',
    );
    expect(JSON.parse(String(answer))).toEqual({
      task_description: 'echo-body',
      span_context: { traceparent: TURN_1 },
    });
  });

  it('local persistent (seed): the body carries span_context', async () => {
    const answer = await invoke(
      { transport: 'local', command: STDIO_AGENT_COMMAND, profile: 'seed', traceContext: true },
      'echo-body',
    );
    expect(JSON.parse(String(answer))).toMatchObject({ turn: 1, span_context: { traceparent: TURN_1 } });
  });

  it('socket per turn (agentv): every request body carries its turn span', async () => {
    const before = socket.requests.length;
    await invoke(
      { transport: 'socket', address: socket.address, profile: 'agentv', traceContext: true },
      TWO_TURNS,
    );
    expect(socket.requests.slice(before).map((r) => r.span_context)).toEqual([
      { traceparent: TURN_1 },
      { traceparent: TURN_2 },
    ]);
  });
});

describe('lockfile settings', () => {
  it('pin traceContext only when it is on', () => {
    expect(maeSettings(maeConfig({ profile: 'agentv' }))).toEqual({
      profile: 'agentv',
      relay: 'faithful',
      maxTurns: 20,
      transport: 'http',
    });
    expect(maeSettings(maeConfig({ transport: 'sse', traceContext: true }))).toMatchObject({
      transport: 'sse',
      traceContext: true,
    });
  });
});
