/**
 * QA323: a tool call's `arguments` are a JSON string inside a `chat` or `openai` reply
 * (`"arguments": "{\"order_id\": 12345678901234567890123}"`), parsed into the tool call's record,
 * where the integer is read rounded (1.2345678901234568e22) for a tool-call metric. The reply's
 * own scan for integers beyond 2^53 reads outside strings only, so nothing was said; a `chat`
 * tool message's JSON result alike. Now each records a `compat_warning` `number_precision` with
 * the literal as sent, at the turn of the reply. Digits in a string argument say nothing.
 * Real loopback server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatAdapter } from '../../src/protocols/chat/adapter.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createOpenaiAdapter } from '../../src/protocols/openai/adapter.js';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { testContext } from './conformance.js';

const BIG = '{"order_id": 12345678901234567890123}';
const QUOTED = '{"order_id": "12345678901234567890123"}';
const call = (id: string, args: string) => ({
  id,
  type: 'function',
  function: { name: 'lookup', arguments: args },
});

let server: Loopback;
beforeAll(async () => {
  server = await startLoopback((req, res, body) => {
    const big = body.includes('big');
    if (req.url?.startsWith('/agent/respond')) {
      sendJson(res, 200, {
        messages: [
          { role: 'assistant', content: null, tool_calls: [call('c1', big ? BIG : QUOTED)] },
          {
            role: 'tool',
            tool_call_id: 'c1',
            content: big ? '{"total": -98765432109876543210}' : '{"total": 3}',
          },
          { role: 'assistant', content: 'done' },
        ],
      });
      return;
    }
    sendJson(res, 200, {
      id: 'c1',
      object: 'chat.completion',
      model: 'm',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: null, tool_calls: [call('c1', big ? BIG : QUOTED)] },
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
  });
});
afterAll(async () => {
  await server.close();
});

const precision = (literal: string) => ({
  turn: 0,
  type: 'compat_warning',
  data: { warning: 'number_precision', literal },
});

describe('a tool call whose arguments hold an integer beyond 2^53', () => {
  const cases = [
    {
      protocol: 'chat',
      make: (transport: HttpTransport) =>
        createChatAdapter({ protocol: 'chat', url: `${server.url}/agent/respond` }, { transport }),
      big: [precision('12345678901234567890123'), precision('-98765432109876543210')],
    },
    {
      protocol: 'openai',
      make: (transport: HttpTransport) =>
        createOpenaiAdapter({ protocol: 'openai', url: `${server.url}/v1`, model: 'm' }, { transport }),
      big: [precision('12345678901234567890123')],
    },
  ] as const;

  for (const { protocol, make, big } of cases) {
    it(`${protocol}: records number_precision with the literal; digits in a string say nothing`, async () => {
      const transport = new HttpTransport({ retries: 0 });
      const adapter = make(transport);
      try {
        const warnings = async (input: string) => {
          const outcome = await adapter.invoke(input, testContext(new AbortController().signal));
          if (!outcome.ok) throw new Error(outcome.error.message);
          expect(outcome.trajectory.toolCalls[0]?.name).toBe('lookup');
          return outcome.trajectory.events.filter((e) => e.type === 'compat_warning');
        };
        expect(await warnings('big')).toEqual(big);
        expect(await warnings('quoted')).toEqual([]);
      } finally {
        await adapter.close();
        await transport.close();
      }
    });
  }
});
