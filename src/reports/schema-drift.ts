/**
 * RAIP R8's schema-drift rule: an agent that answers 400 with `ajvErrors` to inputs that fit the
 * input schema it publishes on `/info` (every input is checked against that schema before any
 * invoke) validates against a different schema than the one it advertises. One such refusal is
 * the example's `contract_error`; past a share of the agent's answers the run flags schema drift.
 * apply counts them as it runs (executor/schema-drift.ts: stderr, run.log, `--json`); report.md
 * says it too, from the run's results (QA96: the PR comment only listed the 400s).
 */
import type { ReportModel } from './report-model.js';

/** Flagged when more than this share of an agent's answers are such refusals … */
export const DRIFT_SHARE = 0.1;
/** … and there are at least this many of them. */
export const DRIFT_MIN_REFUSALS = 3;

export interface SchemaDrift {
  agent: string;
  refused: number;
  answered: number;
}

/**
 * The agent's own 400 carrying `ajvErrors` (R8). A 400 without them (a gateway's, an auth check's
 * "missing X-Api-Key") is still the example's `contract_error` but tells nothing of the schema
 * the agent validates against, so it is no sign of drift (QA45).
 */
export function isAgentAjvRefusal(error: { kind: string; details?: unknown } | undefined): boolean {
  if (error?.kind !== 'contract_error') return false;
  const details = error.details as { source?: unknown; ajvErrors?: unknown } | undefined;
  return details?.source === 'agent' && Array.isArray(details.ajvErrors) && details.ajvErrors.length > 0;
}

/** Agents past the threshold, by id. */
export function flaggedDrift(
  counts: Iterable<[string, { refused: number; answered: number }]>,
): SchemaDrift[] {
  return [...counts]
    .filter(([, c]) => c.refused >= DRIFT_MIN_REFUSALS && c.refused > DRIFT_SHARE * c.answered)
    .map(([agent, c]) => ({ agent, ...c }))
    .sort((a, b) => (a.agent < b.agent ? -1 : a.agent > b.agent ? 1 : 0));
}

export function describeDrift(d: SchemaDrift): string {
  return (
    `agent ${d.agent}: ${d.refused} of ${d.answered} inputs that fit its /info input schema were refused ` +
    `with 400 ajvErrors: the schema it validates against differs from the one it publishes (schema drift, RAIP R8)`
  );
}

/**
 * Error kinds of a repeat that sent nothing to count (apply's watch never sees them): the examples a
 * failed preflight held back too (QA99: 5 of 5 refused at apply read 5 of 60 here, under the share).
 */
export const NOT_ANSWERED = new Set(['cancelled', 'schema_invalid', 'preflight_failed']);

/**
 * The run's flagged agents, counted from its results as apply counts its invokes. The refusals
 * are apply's own count where the lock's volatile section keeps it (`schemaRefusals`): the invoke
 * records read back are at most 5,000 (failing rows first), and none without the cache, so past
 * that report.md showed smaller numbers than apply, or no flag (QA99, QA106). The lock's count is
 * the run's: it was max(lock, records), and after `apply --only … --refresh` re-invoked a dataset
 * the cache held that run's replies, so evalc.lock's report said more than its apply (QA113). A
 * group without the count (an older lock, or none refused) is counted from the records whose lock
 * row says contract_error.
 */
export function schemaDriftOf(m: ReportModel): SchemaDrift[] {
  const counts = new Map<string, { refused: number; answered: number }>();
  const fromRecords = new Map<string, number>();
  const agentOf = new Map<string, string>();
  for (const e of m.examples) {
    agentOf.set(e.group, e.agent);
    for (const r of e.repeats) {
      if (r.errorKind !== null && NOT_ANSWERED.has(r.errorKind)) continue;
      let c = counts.get(e.agent);
      if (!c) counts.set(e.agent, (c = { refused: 0, answered: 0 }));
      c.answered++;
      // A record the lock's row disagrees with is a later run's (`--only … --refresh` rewrote it).
      if (r.errorKind === 'contract_error' && isAgentAjvRefusal(r.record?.error))
        fromRecords.set(e.group, (fromRecords.get(e.group) ?? 0) + 1);
    }
  }
  for (const [group, agent] of agentOf) {
    const recorded = m.volatile[group]?.schemaRefusals;
    const refused = typeof recorded === 'number' ? recorded : (fromRecords.get(group) ?? 0);
    const c = counts.get(agent);
    if (c) c.refused += refused;
  }
  return flaggedDrift(counts);
}
