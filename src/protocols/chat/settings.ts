/** What of a chat agent's configuration changes its results: pinned in the lockfile. */
import type { ChatAgentConfig } from '../../plan/schema.js';
import { chatReplaysTools } from './profile.js';

/** The protocol settings that shape results, pinned in the lockfile (`agents.<id>.settings`). */
export function chatSettings(config: ChatAgentConfig): Record<string, string> {
  const settings: Record<string, string> = { history: chatReplaysTools(config) ? 'replay' : 'seed' };
  const terminating = config.terminatingTools ?? [];
  if (terminating.length > 0) settings.terminatingTools = terminating.join(',');
  if (config.maxTurns !== undefined) settings.maxTurns = String(config.maxTurns);
  return settings;
}
