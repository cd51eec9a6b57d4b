/**
 * An `openai` agent sends only the chat-completions fields of its rendered input
 * (protocols/openai/request-fields.ts): a key of the binding's `input` that is not one of them
 * (a typo such as `tool_choise`, a server extension evalc does not know, a key written for another
 * protocol's agent sharing a `default` binding) is dropped. validate warns once per binding, naming
 * the keys and the agents (QA41: they were dropped silently).
 */
import type { Diagnostic } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import { unsentInputKeys } from '../protocols/openai/request-fields.js';
import type { ResolvedGroup, ResolvedPlan } from './resolve.js';

export function checkOpenaiInputs(resolved: ResolvedPlan, groups: readonly ResolvedGroup[]): Diagnostic[] {
  const agentsByBinding = new Map<string, { taskId: string; bindingName: string; agents: Set<string> }>();
  for (const group of groups) {
    if (resolved.plan.agents[group.agentId]?.protocol !== 'openai') continue;
    const key = `${group.taskId}\u0000${group.bindingName}`;
    const entry = agentsByBinding.get(key) ?? {
      taskId: group.taskId,
      bindingName: group.bindingName,
      agents: new Set<string>(),
    };
    entry.agents.add(group.agentId);
    agentsByBinding.set(key, entry);
  }
  const out: Diagnostic[] = [];
  for (const { taskId, bindingName, agents } of agentsByBinding.values()) {
    const input = resolved.plan.tasks[taskId]?.bindings[bindingName]?.input;
    if (typeof input !== 'object' || input === null || Array.isArray(input)) continue;
    const record = input as Record<string, unknown>;
    // Not an openai input at all (no messages): the adapter refuses it per example, saying so.
    if (!('messages' in record)) continue;
    const unsent = unsentInputKeys(record);
    if (unsent.length === 0) continue;
    const inputPath = ['tasks', taskId, 'bindings', bindingName, 'input'];
    const names = unsent.map((k) => `\`${k}\``).join(', ');
    const who = [...agents].sort().map((a) => `\`${a}\``);
    const subject = who.length === 1 ? `openai agent ${who[0]}` : `openai agents ${who.join(', ')}`;
    out.push(
      diagnostic(
        'EVALC_OPENAI_INPUT_KEY',
        `${names} of binding \`${bindingName}\`'s input ${unsent.length === 1 ? 'is' : 'are'} not sent to ${subject}: only chat-completions request fields are`,
        [...inputPath, unsent[0]!],
        {
          severity: 'warning',
          source: resolved.loaded.locate(inputPath, unsent[0]),
          hint: 'sent besides messages: tools, tool_choice, response_format, seed, stop, top_p, stream, n, max_tokens, … and top_k, min_p, repetition_penalty, chat_template_kwargs (README, Protocols)',
        },
      ),
    );
  }
  return out;
}
