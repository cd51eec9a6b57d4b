/**
 * A chat example's `turns` are everything the scripted user says (protocols/chat/conversation-script.ts):
 * the user messages of the binding's rendered input are replaced by them, by design. A binding that
 * writes text of its own in a user message (`{role: user, content: "Question: {{q}}"}`, or a
 * fixed "Hi") saw it dropped for every example with turns, silently (QA81). validate warns at that
 * message, naming the examples. A user message that is one placeholder (`"{{user_query}}"`, DESIGN
 * §2's a2 binding) is the example's own question, which its turns stand for: no warning.
 */

import type { TemplateNode } from '../binding/template.js';
import type { Diagnostic, PlanPath } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import type { ResolvedExample } from './datasets.js';
import type { ResolvedGroup } from './resolve.js';

const MAX_LISTED = 5;

export class ChatTurnsReplaceCheck {
  private readonly ids: string[] = [];
  private count = 0;
  /** The binding's first user message with text of its own: its index in `messages`, or the string input. */
  private readonly ownText: number | 'input' | undefined;

  constructor(private readonly group: ResolvedGroup) {
    this.ownText = group.turnsAreTheUser ? userMessageWithOwnText(group.template) : undefined;
  }

  /** Notes an example with turns whose rendered input still says that user message. */
  see(example: ResolvedExample, rendered: unknown): void {
    if (this.ownText === undefined || !example.turns?.length || !saysUser(rendered)) return;
    this.count++;
    if (this.ids.length < MAX_LISTED) this.ids.push(example.id);
  }

  diagnostics(locate: (p: PlanPath) => Diagnostic['source']): Diagnostic[] {
    if (this.count === 0) return [];
    const { group } = this;
    const inputPath: PlanPath = ['tasks', group.taskId, 'bindings', group.bindingName, 'input'];
    const planPath =
      this.ownText === 'input' ? inputPath : [...inputPath, 'messages', this.ownText as number];
    const total = group.dataset.examples.length;
    const more =
      this.count > this.ids.length ? `, … (${this.count} of ${total})` : ` (${this.count} of ${total})`;
    const what = this.ownText === 'input' ? 'input (a user message)' : 'user message';
    return [
      diagnostic(
        'EVALC_CHAT_TURNS_REPLACE_INPUT',
        `chat binding \`${group.bindingName}\`: its ${what} is not sent for dataset ${group.datasetId}, examples ${this.ids.join(', ')}${more}: an example's turns are everything the user says (turns[0] opens the conversation)`,
        planPath,
        {
          source: locate(planPath),
          severity: 'warning',
          hint: "to send that text, make it the example's first turn; system and assistant messages are kept, and examples without turns still open with this message",
        },
      ),
    ];
  }
}

/** A rendered chat input that says something as the user (a string is one user message). */
function saysUser(rendered: unknown): boolean {
  if (typeof rendered === 'string') return true;
  const messages = (rendered as { messages?: unknown } | null)?.messages;
  return Array.isArray(messages) && messages.some((m) => (m as { role?: unknown } | null)?.role === 'user');
}

/** The input itself (a string template) or the index of the first `role: user` message, if it has text of its own. */
function userMessageWithOwnText(template: TemplateNode): number | 'input' | undefined {
  if (template.kind === 'leaf' || (template.kind === 'literal' && typeof template.value === 'string'))
    return ownText(template) ? 'input' : undefined;
  if (template.kind !== 'object') return undefined;
  const messages = template.entries.find(([key]) => key === 'messages')?.[1];
  if (messages?.kind !== 'array') return undefined;
  const i = messages.items.findIndex((item) => {
    if (item.kind !== 'object') return false;
    const role = item.entries.find(([key]) => key === 'role')?.[1];
    const content = item.entries.find(([key]) => key === 'content')?.[1];
    return role?.kind === 'literal' && role.value === 'user' && content !== undefined && ownText(content);
  });
  return i < 0 ? undefined : i;
}

/** Text the plan wrote: a literal, or a template that is more than one placeholder alone. */
function ownText(node: TemplateNode): boolean {
  if (node.kind === 'literal') return typeof node.value === 'string' && node.value.trim() !== '';
  if (node.kind === 'leaf') return !/^\s*\{\{[^{}]*\}\}\s*$/.test(node.source);
  return false;
}
