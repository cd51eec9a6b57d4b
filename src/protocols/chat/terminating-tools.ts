/**
 * Terminating tools (C16): the newer Connexity platform ends a test case when the assistant
 * calls a tool its snapshot marks `platform_config.terminating: true` (predefined `end_call`,
 * `transfer_call`). evalc has no tool snapshot, so the plan names them
 * (`terminatingTools: [end_call]`); default none, as in the seed contract. The whole reply is
 * appended first; then the conversation ends successfully, without further scripted turns.
 */
import type { ChatMessage } from '../types.js';

/** The first tool of `terminating` an assistant message of the reply calls, if any. */
export function findTerminatingCall(
  messages: readonly ChatMessage[],
  terminating: ReadonlySet<string>,
): string | undefined {
  if (terminating.size === 0) return undefined;
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    for (const call of message.tool_calls ?? [])
      if (terminating.has(call.function.name)) return call.function.name;
  }
  return undefined;
}
