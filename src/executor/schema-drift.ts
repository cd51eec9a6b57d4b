/**
 * RAIP R8: an agent that answers 400 with `ajvErrors` to inputs that fit the input schema it
 * publishes on `/info` (every input is checked against that schema before any invoke) validates
 * against a different schema than the one it advertises. One such refusal is recorded as the
 * example's `contract_error`; when they pass a threshold of the agent's answers, the run flags
 * schema drift for that agent.
 */
import type { StepError } from '../protocols/types.js';

/** Flagged when more than this share of an agent's answers are such refusals … */
export const DRIFT_SHARE = 0.1;
/** … and there are at least this many of them. */
export const DRIFT_MIN_REFUSALS = 3;

export interface SchemaDrift {
  agent: string;
  refused: number;
  answered: number;
}

export class SchemaDriftWatch {
  readonly #counts = new Map<string, { refused: number; answered: number }>();

  /** One invoke outcome (fresh or from the cache) of an agent. */
  note(agent: string, error: StepError | undefined): void {
    if (error?.kind === 'cancelled') return;
    let c = this.#counts.get(agent);
    if (!c) this.#counts.set(agent, (c = { refused: 0, answered: 0 }));
    c.answered++;
    if (isAgentAjvRefusal(error)) c.refused++;
  }

  /** Agents past the threshold, by id. */
  flagged(): SchemaDrift[] {
    return [...this.#counts]
      .filter(([, c]) => c.refused >= DRIFT_MIN_REFUSALS && c.refused > DRIFT_SHARE * c.answered)
      .map(([agent, c]) => ({ agent, ...c }))
      .sort((a, b) => (a.agent < b.agent ? -1 : 1));
  }
}

/**
 * The agent's own 400 carrying `ajvErrors` (R8). A 400 without them (a gateway's, an auth check's
 * "missing X-Api-Key") is still the example's `contract_error` but tells nothing of the schema
 * the agent validates against, so it is no sign of drift (QA45).
 */
function isAgentAjvRefusal(error: StepError | undefined): boolean {
  if (error?.kind !== 'contract_error') return false;
  const details = error.details as { source?: unknown; ajvErrors?: unknown } | undefined;
  return details?.source === 'agent' && Array.isArray(details.ajvErrors) && details.ajvErrors.length > 0;
}

export function describeDrift(d: SchemaDrift): string {
  return (
    `agent ${d.agent}: ${d.refused} of ${d.answered} inputs that fit its /info input schema were refused ` +
    `with 400 ajvErrors: the schema it validates against differs from the one it publishes (schema drift, RAIP R8)`
  );
}
