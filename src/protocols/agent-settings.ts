/**
 * The protocol settings of an agent that shape its results, as the lockfile pins them
 * (`agents.<id>.settings`): `evalc diff` compares them, and `plan` names the one that changed.
 */
import type { AgentConfig } from '../plan/schema.js';
import { chatSettings } from './chat/settings.js';
import { maeSettings } from './mae/settings.js';

export type AgentSettings = Record<string, string | number | boolean>;

export function agentSettings(config: AgentConfig): { settings?: AgentSettings } {
  if (config.protocol === 'mae') return { settings: { ...maeSettings(config) } };
  if (config.protocol === 'chat') return { settings: chatSettings(config) };
  // What an http agent is asked and what of its reply counts (both in its digest already).
  if (config.protocol === 'http')
    return { settings: { method: config.method, ...(config.response ? { response: config.response } : {}) } };
  // The model a model-direct agent is (its name, as RAIP's /info gives one; QA47: no field said it).
  if (config.protocol === 'openai')
    return {
      settings: {
        model: config.model,
        ...(config.temperature === undefined ? {} : { temperature: config.temperature }),
        ...(config.maxTokens === undefined ? {} : { maxTokens: config.maxTokens }),
      },
    };
  return {};
}

/** `maxTurns 6 → 3; model a → b`: the pinned settings that differ, in key order (empty when none). */
export function settingsChanges(before: AgentSettings | undefined, now: AgentSettings | undefined): string {
  const a = before ?? {};
  const b = now ?? {};
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return keys
    .filter((k) => a[k] !== b[k])
    .map((k) => `${k} ${a[k] ?? '(unset)'} → ${b[k] ?? '(unset)'}`)
    .join('; ');
}
