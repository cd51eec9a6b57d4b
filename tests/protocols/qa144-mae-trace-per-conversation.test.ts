/**
 * QA144: `traceContext: true` promises one trace per evalc conversation (README-mae.md, M27), but
 * the trace id was derived from run, task, example and repeat only, so two agents of one plan
 * evaluated on the same example, or two datasets of one task that both hold an example `q1`, sent
 * the same `traceparent` — same trace id and same span ids turn by turn — and an instrumented agent
 * (or a collector shared by two agents) merged their spans into one trace. The agent and the
 * dataset are part of the key now. A real loopback agent records what evalc sends.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMaeAdapter } from '../../src/protocols/mae/adapter.js';
import { TRACEPARENT_PATTERN } from '../../src/protocols/mae/trace-context.js';
import type { InvokeContext } from '../../src/protocols/types.js';

let server: Server;
let url = '';
const traceparents: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      traceparents.push(String(req.headers.traceparent));
      const body = JSON.parse(text) as { task_description: string };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ action: 'final_answer', summary: `done ${body.task_description}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function context(datasetId: string): InvokeContext {
  return {
    runId: 'run-1',
    taskId: 'task-1',
    datasetId,
    example: { id: 'q1' },
    repeat: 0,
    trace: false,
    signal: new AbortController().signal,
    log: () => {},
  };
}

async function traceparentOf(agentId: string, datasetId: string): Promise<string> {
  const adapter = createMaeAdapter(
    { protocol: 'mae', transport: 'http', url, profile: 'agentv', traceContext: true },
    { cwd: process.cwd(), agentId, timeoutMs: 3000 },
  );
  try {
    const before = traceparents.length;
    const outcome = await adapter.invoke('hello', context(datasetId));
    expect(outcome.ok).toBe(true);
    expect(traceparents.length).toBe(before + 1);
    return traceparents[before] as string;
  } finally {
    await adapter.close();
  }
}

describe('mae trace context: one trace per conversation', () => {
  it('gives two agents on the same example different traces (and span ids)', async () => {
    const a1 = await traceparentOf('a1', 'd1');
    const a3 = await traceparentOf('a3', 'd1');
    expect(a1).toMatch(TRACEPARENT_PATTERN);
    expect(a3).toMatch(TRACEPARENT_PATTERN);
    expect(a3.split('-')[1]).not.toBe(a1.split('-')[1]);
    expect(a3.split('-')[2]).not.toBe(a1.split('-')[2]);
  });

  it('gives the same example id in two datasets of one task different traces', async () => {
    const d1 = await traceparentOf('a1', 'd1');
    const d2 = await traceparentOf('a1', 'd2');
    expect(d2.split('-')[1]).not.toBe(d1.split('-')[1]);
  });

  it('still sends identical bytes for the same conversation', async () => {
    expect(await traceparentOf('a1', 'd1')).toBe(await traceparentOf('a1', 'd1'));
  });
});
