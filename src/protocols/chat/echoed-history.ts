/**
 * Agents that answer with the whole conversation (QA22). The contract (shared/seeds/
 * connexity-agent-contract.txt) has a reply list "every assistant and tool message produced
 * before the turn completes" — the messages of this turn only — but an agent written after
 * OpenAI's `messages.append(...)` habit returns the request's history followed by its answer.
 * Appended as is, that history doubles the transcript on every turn (and the next request
 * resends the doubled history), so `steps`, `tokens` and tool-call metrics count it again.
 *
 * evalc's choice: when a reply begins with every message it was sent, in order (role, content,
 * and `tool_call_id`/tool call ids where the request had them; at least one message sent), that
 * prefix is dropped and only the new messages are appended; the trajectory records a
 * `compat_warning` event `{warning: 'echoed_history', messages: <count dropped>}`. A reply that
 * repeats only part of the history is appended as sent.
 */
import type { ChatMessage } from '../types.js';

export interface EchoCheck {
  /** The messages that are new in this turn. */
  messages: ChatMessage[];
  /** How many leading messages repeated the request's history (0: none). */
  echoed: number;
}

export function dropEchoedHistory(
  reply: readonly ChatMessage[],
  sent: readonly Record<string, unknown>[],
): EchoCheck {
  if (sent.length === 0 || reply.length <= sent.length) return { messages: [...reply], echoed: 0 };
  for (let i = 0; i < sent.length; i++) {
    const mine = reply[i];
    const theirs = sent[i];
    if (mine === undefined || theirs === undefined || !isSameMessage(mine, theirs))
      return { messages: [...reply], echoed: 0 };
  }
  return { messages: reply.slice(sent.length), echoed: sent.length };
}

function isSameMessage(message: ChatMessage, sent: Record<string, unknown>): boolean {
  if (message.role !== sent.role) return false;
  if ((message.content ?? null) !== (sent.content ?? null)) return false;
  if (typeof sent.tool_call_id === 'string' && message.tool_call_id !== sent.tool_call_id) return false;
  const sentCalls = Array.isArray(sent.tool_calls) ? sent.tool_calls : [];
  const calls = message.tool_calls ?? [];
  if (sentCalls.length === 0) return true;
  if (calls.length !== sentCalls.length) return false;
  return calls.every((call, i) => {
    const other = sentCalls[i] as { id?: unknown } | undefined;
    return other?.id === call.id;
  });
}
