/**
 * Token estimate for an agent round whose reply carries no usage (absent, null or `{}`), the
 * Connexity platform's "estimate tokens itself" (shared/protocols/chat.md 2.2, C17).
 *
 * Rule of thumb: one token ≈ 4 characters of English text, so tokens = ceil(characters / 4),
 * computed once per side of a round:
 * - input = the messages evalc sent in that request (as sent: the history profile applies);
 * - output = the messages the agent returned.
 * A message's characters are its `content` plus, for each tool call, the function name and
 * the arguments string (UTF-16 code units, i.e. JavaScript string length). Nothing else
 * (roles, ids, JSON punctuation) is counted. It is a rough, deterministic estimate, not a
 * tokenizer: use it to compare agents, not to bill.
 */
import { isJsonObject } from '../http/trajectory.js';
import type { Usage } from '../types.js';

/** A chat message as sent on the wire or as stored in the transcript. */
interface TextBearing {
  content?: unknown;
  tool_calls?: unknown;
}

const CHARS_PER_TOKEN = 4;

export function estimateRoundUsage(sent: readonly TextBearing[], returned: readonly TextBearing[]): Usage {
  const inputTokens = estimateTokens(sent);
  const outputTokens = estimateTokens(returned);
  return { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens };
}

export function estimateTokens(messages: readonly TextBearing[]): number {
  let chars = 0;
  for (const message of messages) chars += messageChars(message);
  return Math.ceil(chars / CHARS_PER_TOKEN);
}

function messageChars(message: TextBearing): number {
  let chars = typeof message.content === 'string' ? message.content.length : 0;
  if (!Array.isArray(message.tool_calls)) return chars;
  for (const call of message.tool_calls) {
    const fn = isJsonObject(call) ? call.function : undefined;
    if (!isJsonObject(fn)) continue;
    if (typeof fn.name === 'string') chars += fn.name.length;
    if (typeof fn.arguments === 'string') chars += fn.arguments.length;
  }
  return chars;
}
