/**
 * The `messages` + `metadata.turn_index` evalc sends each round, in two profiles:
 *
 * - `seed` (default, the Connexity contract document): the conversation between the user and
 *   the agent only — `tool` messages are dropped, `tool_calls` stripped from assistant messages,
 *   assistant messages left without content dropped; null fields omitted;
 *   `turn_index` = zero-based index of the current turn = (user/assistant messages sent) − 1,
 *   floored at 0 (0 and 2 in the document's examples).
 * - `replay` (`replayTools: true`, today's platform): the whole transcript in order, tool
 *   messages included, every optional field present with explicit `null`s (`name` always null,
 *   `tool_result: null` inside tool calls); `turn_index` = number of messages already present.
 */
import type { ChatMessage } from '../types.js';

export type HistoryProfile = 'seed' | 'replay';

export interface WireHistory {
  messages: Record<string, unknown>[];
  turnIndex: number;
}

export function buildWireHistory(transcript: ChatMessage[], profile: HistoryProfile): WireHistory {
  return profile === 'replay' ? replayHistory(transcript) : seedHistory(transcript);
}

function seedHistory(transcript: ChatMessage[]): WireHistory {
  const messages: Record<string, unknown>[] = [];
  let turns = 0;
  for (const message of transcript) {
    if (message.role === 'tool') continue;
    if (message.role === 'assistant' && message.content === null) continue;
    messages.push({ role: message.role, content: message.content });
    if (message.role === 'user' || message.role === 'assistant') turns++;
  }
  return { messages, turnIndex: Math.max(0, turns - 1) };
}

function replayHistory(transcript: ChatMessage[]): WireHistory {
  const messages = transcript.map((message) => ({
    role: message.role,
    content: message.content,
    tool_calls:
      message.tool_calls?.map((call) => ({
        id: call.id,
        type: call.type,
        function: { name: call.function.name, arguments: call.function.arguments },
        tool_result: null,
      })) ?? null,
    tool_call_id: message.tool_call_id ?? null,
    name: null,
  }));
  return { messages, turnIndex: transcript.length };
}
