/**
 * QA308: an `mae` agent over `sse` whose event holds an integer beyond 2^53
 * (`data: {"action":"final_answer","answer":"ok","id":12345678901234567890123}`) was read rounded
 * without a word, where the same reply over `http` (QA297), `local` or `socket` (QA24) records a
 * `compat_warning` `number_precision` and a run.log line. Only an event's `data:` counts: an
 * `id:` field of 23 digits, or the digits in a string, do not. Real loopback agent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvokeOutcome } from '../../src/protocols/types.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';

const STREAMS: Record<string, string> = {
  big: 'data: {"action":"final_answer","answer":"ok","id":12345678901234567890123}\n\n',
  joined: 'data: {"action":"final_answer",\ndata:  "answer":"ok",\ndata:  "id":-12345678901234567890123}\n\n',
  quoted: 'data: {"action":"final_answer","answer":"ok","id":"12345678901234567890123"}\n\n',
  eventId:
    'id: 12345678901234567890123\ndata: {"action":"final_answer","answer":"ok","id":9007199254740991}\n\n',
};

let agent: Loopback;
beforeAll(async () => {
  agent = await startLoopback((_req, res, body) => {
    const task = String((JSON.parse(body) as { task_description?: unknown }).task_description);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(STREAMS[task] ?? STREAMS.quoted);
  });
});
afterAll(async () => {
  await agent.close();
});

function warningsOf(outcome: InvokeOutcome): unknown[] {
  if (!outcome.ok) throw new Error(`${outcome.error.kind}: ${outcome.error.message}`);
  return outcome.trajectory.events
    .filter((e) => e.type === 'compat_warning')
    .map((e) => e.data)
    .filter((d) => (d as { warning?: unknown }).warning !== 'sse_multiline_data');
}

describe('an mae sse event with an integer beyond 2^53', () => {
  it('records number_precision and logs it, as over http, local and socket', async () => {
    const adapter = makeMaeAdapter({ transport: 'sse', url: `${agent.url}/execute_task` });
    try {
      const logs: string[] = [];
      expect(warningsOf(await adapter.invoke('big', maeContext({ logs })))).toEqual([
        { warning: 'number_precision' },
      ]);
      expect(logs.some((line) => line.includes('integer beyond 2^53') && line.includes('turn 1'))).toBe(true);
      expect(warningsOf(await adapter.invoke('joined', maeContext()))).toEqual([
        { warning: 'number_precision' },
      ]);
      expect(warningsOf(await adapter.invoke('quoted', maeContext()))).toEqual([]);
      expect(warningsOf(await adapter.invoke('eventId', maeContext()))).toEqual([]);
    } finally {
      await adapter.close();
    }
  });
});
