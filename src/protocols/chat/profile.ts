/**
 * The chat agent's compatibility profile (shared/protocols/chat.md: "evalc's default follows the
 * seed document, and a named compatibility profile follows today's implementation"):
 * - `seed` (default; alias `legacy`): the contract document — no tool messages replayed, no nulls,
 *   `turn_index` the zero-based turn, every scripted line answered;
 * - `platform` (alias `current`): the Connexity platform today — the same as `replayTools: true`,
 *   which it names (same content keys, same lock).
 */

import { parseDuration } from '../../plan/duration.js';
import type { ChatAgentConfig } from '../../plan/schema.js';

type ProfileFields = Pick<ChatAgentConfig, 'profile' | 'replayTools'>;

/** The platform's `timeout_per_test_case_ms` default (shared/protocols/chat.md §2.2). */
export const PLATFORM_BUDGET_MS = 120_000;

/**
 * A conversation's time budget: `limits.budget` when written; otherwise none under the seed
 * contract (it has no budget) and the platform's 120 s under `profile: platform` (QA96), with the
 * note its timeout messages add.
 */
export function chatBudget(config: ProfileFields & Pick<ChatAgentConfig, 'limits'>): {
  budgetMs?: number;
  budgetNote?: string;
} {
  const written = config.limits?.budget;
  if (written !== undefined) return { budgetMs: parseDuration(written) ?? 0 };
  if (!chatReplaysTools(config)) return {};
  return {
    budgetMs: PLATFORM_BUDGET_MS,
    budgetNote: "the platform profile's default; limits.budget sets another",
  };
}

/** Whether the agent is run as today's platform runs it (`profile: platform` or `replayTools: true`). */
export function chatReplaysTools(config: ProfileFields): boolean {
  return config.profile === 'platform' || (config.profile === undefined && config.replayTools === true);
}

/**
 * A `profile` that says the opposite of `replayTools` written beside it, or undefined. `written` is
 * the profile as the plan spells it (an alias, `current` or `legacy`, is named as written: QA101).
 */
export function chatProfileConflict(config: ProfileFields, written?: unknown): string | undefined {
  if (config.profile === undefined || config.replayTools === undefined) return undefined;
  if ((config.profile === 'platform') === config.replayTools) return undefined;
  const name =
    written === 'current' || written === 'legacy'
      ? `${written} (alias of ${config.profile})`
      : config.profile;
  return `profile: ${name} and replayTools: ${config.replayTools} disagree (profile: platform is replayTools: true, profile: seed is replayTools: false)`;
}

/**
 * The identity (content key) of a chat agent with its profile written as `replayTools`, so that
 * `profile: platform` and `replayTools: true` are one agent, and `profile: seed` is the default.
 */
export function normalizeChatProfile(identity: Record<string, unknown>): void {
  if (identity.profile === undefined) return;
  const replay = identity.profile === 'platform';
  delete identity.profile;
  if (replay) identity.replayTools = true;
}
