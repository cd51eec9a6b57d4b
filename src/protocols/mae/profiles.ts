/**
 * The two wire profiles of the `mae` adapter (see src/protocols/README-mae.md):
 * - `seed` (default): the Agent API document — mae.md's "legacy"/G1;
 * - `agentv`: today's AgentV harness — mae.md's "current"/HEAD.
 * Everything that differs between them lives here; the loop and transports ask the profile.
 */
import type { PolicyBreach } from './governance.js';
import {
  describeBreachAgentv,
  describeBreachSeed,
  relayAgentv,
  relaySeed,
  type ToolOutcome,
} from './relay-text.js';

/** A `conversation_history` record (seed document roles: user, agent, environment, human). */
export interface HistoryEntry {
  role: 'user' | 'agent' | 'environment' | 'human';
  content: unknown;
}

export type MaeProfileId = 'seed' | 'agentv';

export interface MaeProfile {
  readonly id: MaeProfileId;
  readonly defaultMaxTurns: number;
  /** One long-lived process / connection (seed) vs one per turn (agentv). */
  readonly persistentTransport: boolean;
  /** Record the agent's name from replies (seed Zero-Touch Identity Discovery). */
  readonly discoversName: boolean;
  /** `provide_instructions` ends the loop successfully (seed) or is an unknown action (agentv). */
  readonly endsOnProvideInstructions: boolean;
  buildBody(message: string, turn: number, history: readonly HistoryEntry[]): Record<string, unknown>;
  describeBreach(breach: PolicyBreach): string;
  relayToolResults(outcomes: ToolOutcome[], multiple: boolean): string;
}

export const seedProfile: MaeProfile = {
  id: 'seed',
  defaultMaxTurns: 5,
  persistentTransport: true,
  discoversName: true,
  endsOnProvideInstructions: true,
  buildBody: (message, turn, history) => ({
    task_description: message,
    turn,
    conversation_history: structuredClone(history),
  }),
  describeBreach: describeBreachSeed,
  relayToolResults: (outcomes) => relaySeed(outcomes),
};

export const agentvProfile: MaeProfile = {
  id: 'agentv',
  defaultMaxTurns: 20,
  persistentTransport: false,
  discoversName: false,
  endsOnProvideInstructions: false,
  buildBody: (message) => ({ task_description: message }),
  describeBreach: describeBreachAgentv,
  relayToolResults: relayAgentv,
};

export function selectProfile(id: MaeProfileId): MaeProfile {
  return id === 'agentv' ? agentvProfile : seedProfile;
}
