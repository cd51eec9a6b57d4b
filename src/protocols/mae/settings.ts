/** What of a MultiAgentEval agent's configuration changes its results: pinned in the lockfile. */
import type { MaeAgentConfig } from '../../plan/schema.js';
import { type MaeProfileId, selectProfile } from './profiles.js';

/** Result-relevant settings to pin in the lockfile. */
export interface MaeSettings {
  profile: MaeProfileId;
  relay: 'seed' | 'faithful';
  maxTurns: number;
  transport: MaeAgentConfig['transport'];
  /** Present (true) only when the plan turns W3C trace context on: it changes the request bytes. */
  traceContext?: true;
}

/** The result-relevant settings of a MultiAgentEval agent, as the adapter will run it (pinned in the lockfile). */
export function maeSettings(config: MaeAgentConfig): MaeSettings {
  const profile = selectProfile(config.profile);
  return {
    profile: profile.id,
    relay: profile.id === 'seed' ? 'seed' : 'faithful',
    maxTurns: config.maxTurns ?? profile.defaultMaxTurns,
    transport: config.transport,
    ...(config.traceContext === true ? { traceContext: true as const } : {}),
  };
}
