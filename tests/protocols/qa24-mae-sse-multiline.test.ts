/**
 * QA24: a Python SSE agent on FastAPI + sse-starlette that yields `json.dumps(reply, indent=2)`
 * sends one `data:` line per line of the JSON text (the SSE way to carry a multi-line value; the
 * specification joins an event's data lines with `\n`). AgentV's merge rule reads every data line
 * alone, so the reply became text and the example failed `unknown_action: reply has no action`.
 * An event whose lines form one JSON object only when joined is now read as that object, with a
 * `compat_warning` `sse_multiline_data`; streams AgentV reads successfully, and M24's text stream,
 * merge as before. Real Python agent (tests/fixtures/qa24-python-agent.py).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SseMerger } from '../../src/protocols/mae/sse-merge.js';
import { finalAnswer, maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';
import { type PythonAgent, startPythonAgent } from '../fixtures/qa24-python-process.js';

let agent: PythonAgent;
beforeAll(async () => {
  agent = await startPythonAgent('http');
});
afterAll(async () => {
  await agent?.stop();
});

function merge(lines: string[]): { reply: Record<string, unknown>; joined: number } {
  const merger = new SseMerger();
  for (const line of lines) if (merger.pushLine(line) === 'done') break;
  return { reply: merger.result(), joined: merger.joinedEvents };
}

describe('mae sse: a JSON reply spread over the data lines of one event', () => {
  it('reads the Python agent’s indented reply as its object, with a compat warning', async () => {
    const adapter = makeMaeAdapter({ transport: 'sse', url: `http://127.0.0.1:${agent.port}/stream` });
    try {
      const outcome = await adapter.invoke('sse-indent', maeContext());
      expect(finalAnswer(outcome)).toBe('A:sse-indent');
      const warnings = outcome.trajectory?.events.filter((event) => event.type === 'compat_warning');
      expect(warnings?.map((event) => event.data)).toEqual([{ warning: 'sse_multiline_data' }]);
    } finally {
      await adapter.close();
    }
  });

  it('joins only when the lines are not each JSON and form one object together', () => {
    const indented = [
      'data: {',
      'data:   "action": "final_answer",',
      'data:   "summary": "S"',
      'data: }',
      '',
    ];
    expect(merge(indented)).toEqual({ reply: { action: 'final_answer', summary: 'S' }, joined: 1 });
    // two objects in one event: each line is JSON, merged line by line as AgentV does
    expect(merge(['data: {"action":"final_answer"}', 'data: {"summary":"S"}', ''])).toEqual({
      reply: { action: 'final_answer', summary: 'S' },
      joined: 0,
    });
    // M24: text lines stay text, joined or not
    expect(merge(['data: Part 1', 'data: Part 2', 'data: [DONE]'])).toEqual({
      reply: { content: 'Part 1Part 2', status: 'completed' },
      joined: 0,
    });
    // lines of two different events are never joined
    expect(merge(['data: {', '', 'data: "summary": "S"}', ''])).toEqual({
      reply: { content: '{"summary": "S"}', status: 'completed' },
      joined: 0,
    });
  });
});
