/**
 * An example's rendered input. For a `chat` agent, an example's `turns` are everything the
 * scripted user says (protocols/chat/conversation-script.ts): the user messages of the rendered
 * input are replaced by them, and an input that is not `{messages}` is ignored. So when the
 * binding's template cannot render for such an example (a `{{user_query}}` its vars lack, QA22
 * E8), the parts the turns replace do not count: the input is rendered without its user
 * messages. Only a failing render falls back, so an input that renders keeps its key.
 */
import {
  exampleContext,
  renderTemplate,
  type TemplateError,
  type TemplateNode,
  templateErrors,
} from '../binding/template.js';
import type { ResolvedExample } from './datasets.js';
import type { ResolvedGroup } from './resolve.js';

export function renderExampleInput(
  group: ResolvedGroup,
  example: ResolvedExample,
): { ok: true; value: unknown } | { ok: false; error: TemplateError } {
  const context = exampleContext(example);
  const rendered = renderTemplate(group.template, context);
  if (rendered.ok || !group.turnsAreTheUser || !example.turns?.length) return rendered;
  const fallback = renderTemplate(withoutUserMessages(group.template), context);
  return fallback.ok ? fallback : rendered;
}

/** Every leaf that fails for an example (none when its input renders), on the template the render used. */
export function exampleInputErrors(group: ResolvedGroup, example: ResolvedExample): TemplateError[] {
  const rendered = renderExampleInput(group, example);
  if (rendered.ok) return [];
  const context = exampleContext(example);
  const fellBack = group.turnsAreTheUser && example.turns?.length;
  const errors = templateErrors(fellBack ? withoutUserMessages(group.template) : group.template, context);
  return errors.length > 0 ? errors : [rendered.error];
}

/** `{messages: [...]}` without the messages whose role is `user`; any other input: null (ignored). */
function withoutUserMessages(node: TemplateNode): TemplateNode {
  if (node.kind !== 'object') return { kind: 'literal', value: null };
  const messages = node.entries.find(([key]) => key === 'messages')?.[1];
  if (messages?.kind !== 'array') return { kind: 'literal', value: null };
  const kept = messages.items.filter((item) => !isUserMessage(item));
  return { kind: 'object', entries: [['messages', { kind: 'array', items: kept }]] };
}

function isUserMessage(node: TemplateNode): boolean {
  if (node.kind !== 'object') return false;
  const role = node.entries.find(([key]) => key === 'role')?.[1];
  return role?.kind === 'literal' && role.value === 'user';
}
