/**
 * QA313 (beside QA308's e828aa29): an `mae` agent over `sse` streaming its answer as text, whose
 * `data:` line is no JSON (`data: 12345678901234567890123 placed`, after `{"action":"final_answer","content":"order "}`), had a `compat_warning`
 * `number_precision` and a run.log line 'integer beyond 2^53' recorded: every `data:` line was
 * scanned, but a text event is kept as written and nothing was rounded. Only data read as JSON
 * counts (a JSON event as before). Real loopback agent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvokeOutcome } from '../../src/protocols/types.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';

const STREAMS: Record<string, string> = {
  // a final answer whose content goes on in text events (AgentV appends them to `content`)
  text: 'data: {"action":"final_answer","content":"order "}\n\ndata: 12345678901234567890123 placed\n\n',
  json: 'data: {"action":"final_answer","answer":"ok","id":12345678901234567890123}\n\n',
};

let agent: Loopback;
beforeAll(async () => {
  agent = await startLoopback((_req, res, body) => {
    const task = String((JSON.parse(body) as { task_description?: unknown }).task_description);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(STREAMS[task] ?? STREAMS.text);
  });
});
afterAll(async () => {
  await agent.close();
});

function precisionWarnings(outcome: InvokeOutcome): unknown[] {
  if (!outcome.ok) throw new Error(`${outcome.error.kind}: ${outcome.error.message}`);
  return outcome.trajectory.events
    .filter((e) => e.type === 'compat_warning')
    .map((e) => e.data)
    .filter((d) => (d as { warning?: unknown }).warning === 'number_precision');
}

describe('an mae sse text event with a long number in it', () => {
  it('records no number_precision: the text is kept as written', async () => {
    const adapter = makeMaeAdapter({ transport: 'sse', url: `${agent.url}/execute_task` });
    try {
      const logs: string[] = [];
      const text = await adapter.invoke('text', maeContext({ logs }));
      expect(precisionWarnings(text)).toEqual([]);
      expect(JSON.stringify(text.ok && text.trajectory.response)).toContain(
        'order 12345678901234567890123 placed',
      );
      expect(logs.filter((line) => line.includes('2^53'))).toEqual([]);
      expect(precisionWarnings(await adapter.invoke('json', maeContext()))).toEqual([
        { warning: 'number_precision' },
      ]);
    } finally {
      await adapter.close();
    }
  });
});
