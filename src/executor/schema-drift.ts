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
  readonly #refusedByGroup = new Map<string, number>();

  /** One invoke outcome (fresh or from the cache) of an agent, in one of its groups. */
  note(agent: string, group: string, error: StepError | undefined): void {
    if (error?.kind === 'cancelled') return;
    let c = this.#counts.get(agent);
    if (!c) this.#counts.set(agent, (c = { refused: 0, answered: 0 }));
    c.answered++;
    if (!isAgentAjvRefusal(error)) return;
    c.refused++;
    this.#refusedByGroup.set(group, (this.#refusedByGroup.get(group) ?? 0) + 1);
  }

  /**
   * Each group's refusals, kept in the lock's volatile section (`schemaRefusals`): report.md
   * counts drift from them, as apply did, not from the invoke records it reads back (at most
   * 5,000, or none without the cache: QA99, QA106).
   */
  refusalsByGroup(): ReadonlyMap<string, number> {
    return this.#refusedByGroup;
  }

  /** Agents past the threshold, by id. */
  flagged(): SchemaDrift[] {
    return flaggedDrift(this.#counts);
  }
}
