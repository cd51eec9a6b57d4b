/**
 * QA313: an `openai` agent's JSON answer (`content` `{"order_id": 12345678901234567890123}`,
 * JSON mode or in a ```json fence) is parsed into `json` for extraction, and an integer beyond
 * 2^53 in it is read rounded there, `json.order_id` 1.2345678901234568e22, without a word: a
 * `raip` or `chat` reply records a `compat_warning` `number_precision` with the literal as sent,
 * and README said an `openai` reply is not checked. Its JSON content is now. Real loopback server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createOpenaiAdapter } from '../../src/protocols/openai/adapter.js';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { testContext } from './conformance.js';

const ANSWERS: Record<string, string> = {
  json: '{"order_id": 12345678901234567890123, "ok": true}',
  fenced: '```json\n{"order_id": -12345678901234567890123}\n```',
  // digits in a string, and prose around them, are kept as written: nothing to say
  quoted: '{"order_id": "12345678901234567890123"}',
  prose: 'Your order 12345678901234567890123 is placed.',
};

let server: Loopback;
beforeAll(async () => {
  server = await startLoopback((_req, res, body) => {
    const messages = (JSON.parse(body) as { messages: { content: string }[] }).messages;
    const content = ANSWERS[messages.at(-1)?.content ?? ''] ?? '';
    sendJson(res, 200, {
      id: 'c1',
      object: 'chat.completion',
      model: 'm',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
  });
});
afterAll(async () => {
  await server.close();
});

describe('an openai JSON answer with an integer beyond 2^53', () => {
  it('records number_precision with the literal as sent, as raip and chat do', async () => {
    const transport = new HttpTransport({ retries: 0 });
    try {
      const adapter = createOpenaiAdapter(
        { protocol: 'openai', url: `${server.url}/v1`, model: 'm' },
        { transport },
      );
      const warnings = async (answer: string) => {
        const outcome = await adapter.invoke(answer, testContext(new AbortController().signal));
        if (!outcome.ok) throw new Error(outcome.error.message);
        return outcome.trajectory.events.filter((e) => e.type === 'compat_warning').map((e) => e.data);
      };
      expect(await warnings('json')).toEqual([
        { warning: 'number_precision', literal: '12345678901234567890123' },
      ]);
      expect(await warnings('fenced')).toEqual([
        { warning: 'number_precision', literal: '-12345678901234567890123' },
      ]);
      expect(await warnings('quoted')).toEqual([]);
      expect(await warnings('prose')).toEqual([]);
    } finally {
      await transport.close();
    }
  });
});
