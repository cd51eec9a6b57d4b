/**
 * A chat agent with `maxTurns: 1` whose input ends with an assistant greeting (C4): since QA143
 * the greeting is the whole conversation, where an evalc before it appended `turns[0]` unanswered
 * and kept that transcript (`messages[-1].content` read the user's line). The two are the same
 * request shape and key, so an upgrade reused the wrong transcript from the cache (QA151); such a
 * group's invoke key carries a wire tag (compile.ts `wireOf`), and plan names why.
 *
 * A template that provably ends with an assistant message tags the group; one whose `messages`
 * come from a variable (`messages: "{{greeting}}"`, `input: "{{conv}}"`) tags the examples whose
 * rendered input ends with one (`greetingWireFor`), so the same request has one key however it is
 * written (QA156: from a variable it was never tagged, and an upgrade reused the old transcript).
 */
import type { TemplateNode } from '../binding/template.js';
import type { AgentConfig } from '../plan/schema.js';
import { renderExampleInput } from './example-input.js';
import type { ResolvedGroup } from './resolve.js';

export const CHAT_GREETING_WIRE = 'chat-greeting-max-turns';

export const CHAT_GREETING_REASON =
  'because a greeting that uses up maxTurns: 1 is now the whole conversation (an earlier evalc appended turns[0] unanswered and kept that transcript)';

function endsOnOneTurn(agent: AgentConfig | undefined): boolean {
  return agent?.protocol === 'chat' && agent.maxTurns !== undefined && agent.maxTurns <= 1;
}

export function greetingUsesMaxTurns(agent: AgentConfig | undefined, template: TemplateNode): boolean {
  if (!endsOnOneTurn(agent)) return false;
  if (template.kind === 'literal') return endsWithAssistant(messagesOf(template.value));
  if (template.kind !== 'object') return false;
  const messages = template.entries.find(([key]) => key === 'messages')?.[1];
  if (messages?.kind === 'literal') return endsWithAssistant(messages.value);
  if (messages?.kind !== 'array') return false;
  const last = messages.items.at(-1);
  if (last?.kind === 'literal') return endsWithAssistant([last.value]);
  if (last?.kind !== 'object') return false;
  const role = last.entries.find(([key]) => key === 'role')?.[1];
  return role?.kind === 'literal' && role.value === 'assistant';
}

function messagesOf(value: unknown): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as { messages?: unknown }).messages
    : undefined;
}

function endsWithAssistant(messages: unknown): boolean {
  if (!Array.isArray(messages)) return false;
  const last: unknown = messages.at(-1);
  return last !== null && typeof last === 'object' && (last as { role?: unknown }).role === 'assistant';
}

/** A rendered chat input whose messages end with an assistant greeting. */
export function inputEndsWithGreeting(input: unknown): boolean {
  return endsWithAssistant(messagesOf(input));
}

/**
 * The per-example tag of a group the template does not tag (its messages from a variable): the
 * examples whose rendered input ends with a greeting carry it (compile.ts `exampleWire`).
 */
export function greetingWireFor(
  agent: AgentConfig | undefined,
  group: ResolvedGroup,
): { wire: string; applies: (input: unknown) => boolean } | undefined {
  if (!endsOnOneTurn(agent) || greetingUsesMaxTurns(agent, group.template)) return undefined;
  return { wire: CHAT_GREETING_WIRE, applies: inputEndsWithGreeting };
}

/** Whether any of a group's requests carry the tag: its template's, or an example's rendered input. */
export function groupGreetingUsesMaxTurns(agent: AgentConfig | undefined, group: ResolvedGroup): boolean {
  if (greetingUsesMaxTurns(agent, group.template)) return true;
  if (greetingWireFor(agent, group) === undefined) return false;
  return group.dataset.examples.some((example) => {
    const rendered = renderExampleInput(group, example);
    return rendered.ok && inputEndsWithGreeting(rendered.value);
  });
}
