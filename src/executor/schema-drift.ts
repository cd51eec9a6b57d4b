/**
 * RAIP R8 as apply runs: every invoke outcome (fresh or from the cache) of an agent is counted,
 * and the agents past the drift rule (reports/schema-drift.ts, which report.md applies to the
 * run's results too) are flagged at the end of the run.
 */

import type { StepError } from '../protocols/types.js';
import { flaggedDrift, isAgentAjvRefusal, type SchemaDrift } from '../reports/schema-drift.js';

export { DRIFT_MIN_REFUSALS, DRIFT_SHARE, describeDrift, type SchemaDrift } from '../reports/schema-drift.js';

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
    return flaggedDrift(this.#counts);
  }
}
