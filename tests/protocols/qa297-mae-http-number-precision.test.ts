/**
 * QA297: an `mae` agent over `http` whose reply holds an integer beyond 2^53
 * (`{"action":"final_answer","answer":"ok","id":12345678901234567890123}`) was read rounded without
 * a word, where the same reply over `local` or `socket` records a `compat_warning`
 * `number_precision` and a run.log line (QA24). Real loopback agent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvokeOutcome } from '../../src/protocols/types.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';

const REPLIES: Record<string, string> = {
  big: '{"action":"final_answer","answer":"ok","id":12345678901234567890123}',
  quoted: '{"action":"final_answer","answer":"ok","id":"12345678901234567890123"}',
  safe: '{"action":"final_answer","answer":"ok","id":9007199254740991}',
};

let agent: Loopback;
beforeAll(async () => {
  agent = await startLoopback((_req, res, body) => {
    const task = String((JSON.parse(body) as { task_description?: unknown }).task_description);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(REPLIES[task] ?? REPLIES.safe);
  });
});
afterAll(async () => {
  await agent.close();
});

function warningsOf(outcome: InvokeOutcome): unknown[] {
  if (!outcome.ok) throw new Error(`${outcome.error.kind}: ${outcome.error.message}`);
  return outcome.trajectory.events.filter((e) => e.type === 'compat_warning').map((e) => e.data);
}

describe('an mae http reply with an integer beyond 2^53', () => {
  it('records number_precision and logs it, as over local and socket', async () => {
    const adapter = makeMaeAdapter({ transport: 'http', url: `${agent.url}/execute_task` });
    try {
      const logs: string[] = [];
      expect(warningsOf(await adapter.invoke('big', maeContext({ logs })))).toEqual([
        { warning: 'number_precision' },
      ]);
      expect(logs.some((line) => line.includes('integer beyond 2^53') && line.includes('turn 1'))).toBe(true);
      expect(warningsOf(await adapter.invoke('quoted', maeContext()))).toEqual([]);
      expect(warningsOf(await adapter.invoke('safe', maeContext()))).toEqual([]);
    } finally {
      await adapter.close();
    }
  });
});
