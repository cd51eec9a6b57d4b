/**
 * Schema drift (RAIP R8) as evalc.lock records it, for an apply that ran nothing: the refusals are
 * apply's own count in the lock's `volatile` section (`schemaRefusals`), the answers its result rows'
 * repeats, as report.md counts them (reports/schema-drift.ts). An up-to-date apply's `--json` result
 * had no `schemaDrift` and its stderr no warning, where the apply that wrote the lock flagged it and
 * `evalc report` still did (QA117, QA123).
 */
import type { Lockfile } from '../lockfile/types.js';
import { flaggedDrift, NOT_ANSWERED, type SchemaDrift } from '../reports/schema-drift.js';

export function recordedSchemaDrift(lock: Lockfile): SchemaDrift[] {
  const counts = new Map<string, { refused: number; answered: number }>();
  const count = (group: string) => {
    const agent = group.slice(0, group.indexOf('/'));
    let c = counts.get(agent);
    if (!c) counts.set(agent, (c = { refused: 0, answered: 0 }));
    return c;
  };
  for (const row of lock.results)
    for (let i = 0; i < row.invoke.length; i++) {
      const kind = row.errors?.[i] ?? null;
      if (kind === null || !NOT_ANSWERED.has(kind)) count(row.group).answered++;
    }
  for (const [group, entry] of Object.entries(lock.volatile ?? {}))
    if (typeof entry.schemaRefusals === 'number' && entry.schemaRefusals > 0)
      count(group).refused += entry.schemaRefusals;
  return flaggedDrift(counts);
}
