/** The human view of a RunPlan, in Terraform's grammar plus the reason. */

import { NAMED_EXAMPLES, type PlanRow } from '../compiler/plan-rows.js';
import type { RunPlan } from '../compiler/plan-run.js';
import { quoteCut } from '../protocols/quote-cut.js';

export function renderPlanText(plan: RunPlan): string {
  const lines: string[] = [];
  if (!plan.hasChanges) {
    const cached =
      plan.counts.invoke.cached +
      plan.counts.extract.cached +
      plan.counts.score.cached +
      plan.counts.aggregate.cached;
    // Up to date from the lock alone (e.g. a fresh clone with the committed evalc.lock, no cache):
    // say so rather than counting only the few steps that happen to be cached. The steps after a
    // recorded failure (no extraction of a failed invoke) are neither: they never run.
    const recordedOnly = plan.lockOnly > 0 ? `, ${plan.lockOnly} recorded in evalc.lock only` : '';
    const notRun = plan.skipped - plan.lockOnly;
    const afterFailures =
      notRun > 0
        ? `, ${notRun} not run (after a recorded failure: no extraction or score of a failed step)`
        : '';
    return `No changes. ${cached} step${cached === 1 ? '' : 's'} cached${recordedOnly}${afterFailures}; apply would call no agent.\n`;
  }
  lines.push('evalc will perform the following steps:');
  const targetWidth = Math.max(30, ...plan.rows.map((r) => r.target.length));
  // DESIGN §6: the counts in one column, their units in the next (`4 nodes` under `3 examples`).
  const countWidth = Math.max(5, ...plan.rows.map((r) => String(r.count).length));
  for (const row of plan.rows) {
    const unit = row.count === 1 ? row.unit.replace(/s$/, '') : row.unit;
    const count = `${String(row.count).padStart(countWidth)} ${unit.padEnd(8)}`;
    lines.push(
      `  ${row.symbol} ${row.kind.padEnd(10)} ${row.target.padEnd(targetWidth)} ${count}   ${row.reason}${examplesSaid(row)}`,
    );
  }
  const c = plan.counts;
  const cached = c.invoke.cached + c.extract.cached + c.score.cached + c.aggregate.cached;
  lines.push(
    `Plan: ${c.invoke.run} to invoke, ${c.extract.run} to extract, ${c.score.run} to score, ${c.aggregate.run} to aggregate; ${cached} cached.`,
  );
  return `${lines.join('\n')}\n`;
}

/** Which examples a row of edited ones is: all of up to five, else their number and the first three (QA269). */
function examplesSaid(row: PlanRow): string {
  const examples = row.examples;
  if (examples === undefined || examples.first.length === 0) return '';
  // Cut at a code point: a lone surrogate half was written U+FFFD (QA280: an emoji id).
  const shown = (ids: readonly string[]) => ids.map((id) => quoteCut(id, 60)).join(', ');
  if (examples.count !== undefined && examples.count <= NAMED_EXAMPLES) return `: ${shown(examples.first)}`;
  const many = examples.count === undefined ? '' : `${examples.count} examples, `;
  return `: ${many}${shown(examples.first.slice(0, 3))}, …`;
}
