/**
 * What the scripted user says (DESIGN.md §2: examples carry `turns`).
 *
 * - Without `turns`, the rendered input opens the conversation and nothing follows: a string is
 *   one user message; `{messages: [...]}` is taken as is (an empty list or a final assistant
 *   greeting makes the conversation agent-first).
 * - With `turns`, the turns are every user message in order: `turns[0]` opens (after any
 *   non-user messages of the rendered input, e.g. a system prompt or an assistant greeting),
 *   the rest are said one after each agent reply. A rendered input that is neither a string nor
 *   `{messages}` (a binding written for another protocol) is then ignored rather than refused.
 * An assistant message ending the rendered input is a greeting: it counts as one agent round.
 */
import { isJsonObject } from '../http/trajectory.js';
import type { ChatMessage } from '../types.js';
import { validateAgentReply } from './validate-reply.js';

export interface ConversationScript {
  opening: ChatMessage[];
  followUps: string[];
  /** The rendered input ends with an assistant greeting: it counts as the agent's first round (C4). */
  greeting: boolean;
}

export type ScriptOutcome = { ok: true; script: ConversationScript } | { ok: false; reason: string };

export function planConversation(input: unknown, turns: string[] | undefined): ScriptOutcome {
  const hasTurns = turns !== undefined && turns.length > 0;
  // With `turns`, the script says everything the user says: an input written for another
  // protocol (DESIGN's default binding `{query: …}`) has nothing to add and is not an error (QA22).
  const rendered =
    hasTurns && !isMessagesInput(input) ? { ok: true as const, messages: [] } : openingMessages(input);
  if (!rendered.ok) return rendered;
  const greeting = rendered.messages.at(-1)?.role === 'assistant';
  if (!hasTurns) {
    return { ok: true, script: { opening: rendered.messages, followUps: [], greeting } };
  }
  const preamble = rendered.messages.filter((m) => m.role !== 'user');
  const [first, ...rest] = turns;
  return {
    ok: true,
    script: { opening: [...preamble, { role: 'user', content: first as string }], followUps: rest, greeting },
  };
}

function openingMessages(
  input: unknown,
): { ok: true; messages: ChatMessage[] } | { ok: false; reason: string } {
  if (input === undefined || input === null) return { ok: true, messages: [] };
  if (typeof input === 'string') return { ok: true, messages: [{ role: 'user', content: input }] };
  if (isJsonObject(input) && Array.isArray(input.messages)) {
    // Reuse the reply validator's message rules, without its last-message-is-assistant rule.
    const checked = validateAgentReply({
      messages: [...input.messages, { role: 'assistant', content: null }],
    });
    if (!checked.ok) return { ok: false, reason: `rendered input: ${checked.reason}` };
    return { ok: true, messages: checked.reply.messages.slice(0, -1) };
  }
  const keys = isJsonObject(input) ? ` (got an object with ${describeKeys(Object.keys(input))})` : '';
  return {
    ok: false,
    reason:
      `rendered input must be a string or {messages: [...]}${keys}: ` +
      'give the chat agent its own binding (input: {messages: [{role: user, content: "{{…}}"}]}) or examples with turns',
  };
}

function isMessagesInput(input: unknown): boolean {
  return typeof input === 'string' || (isJsonObject(input) && Array.isArray(input.messages));
}

function describeKeys(keys: string[]): string {
  if (keys.length === 0) return 'no keys';
  const shown = keys.slice(0, 5).join(', ');
  return `key${keys.length === 1 ? '' : 's'} ${shown}${keys.length > 5 ? ', …' : ''}`;
}
