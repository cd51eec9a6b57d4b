import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildWireHistory } from '../../src/protocols/chat/wire-history.js';
import type { ChatMessage } from '../../src/protocols/types.js';

const message: fc.Arbitrary<ChatMessage> = fc.oneof(
  fc.record({ role: fc.constant('user' as const), content: fc.string() }),
  fc.record({ role: fc.constant('assistant' as const), content: fc.option(fc.string(), { nil: null }) }),
  fc.record({
    role: fc.constant('assistant' as const),
    content: fc.option(fc.string(), { nil: null }),
    tool_calls: fc.array(
      fc.record({
        id: fc.string(),
        type: fc.constant('function' as const),
        function: fc.record({ name: fc.string(), arguments: fc.constant('{}') }),
      }),
      { minLength: 1, maxLength: 2 },
    ),
  }),
  fc.record({ role: fc.constant('tool' as const), content: fc.string(), tool_call_id: fc.string() }),
);

describe('chat wire history', () => {
  it('seed profile never sends tool messages, tool_calls or null fields', () => {
    fc.assert(
      fc.property(fc.array(message, { maxLength: 12 }), (transcript) => {
        const { messages, turnIndex } = buildWireHistory(transcript, 'seed');
        for (const m of messages) {
          expect(m.role).not.toBe('tool');
          expect(m).not.toHaveProperty('tool_calls');
          expect(m.content).not.toBeNull();
        }
        expect(turnIndex).toBe(Math.max(0, messages.length - 1));
      }),
      { numRuns: 200 },
    );
  });

  it('replay profile sends every message with explicit nulls and turn_index = transcript length', () => {
    fc.assert(
      fc.property(fc.array(message, { maxLength: 12 }), (transcript) => {
        const { messages, turnIndex } = buildWireHistory(transcript, 'replay');
        expect(messages.map((m) => m.role)).toEqual(transcript.map((m) => m.role));
        for (const m of messages)
          expect(Object.keys(m).sort()).toEqual(['content', 'name', 'role', 'tool_call_id', 'tool_calls']);
        expect(turnIndex).toBe(transcript.length);
      }),
      { numRuns: 200 },
    );
  });
});
