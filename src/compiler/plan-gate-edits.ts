/**
 * Gates added, removed or given another bound since evalc.lock, named for `plan`'s aggregate row
 * (plan-edit-names.ts). A plan gate is matched with the lock's gate results it would produce — same
 * metric and kind, its scope (narrowed by `task:`/`dataset:`), task, dataset and agent — whose
 * messages end in `required ≥ 0.5`. Before QA138 they were matched by metric and kind alone, so a
 * metric with two `min` gates (at benchmark and at task scope) had its bound edits read as "e.g. a
 * gate, a weight or a description"; such gates are named with their scope (`gate pass_rate min at
 * benchmark 0.4 → 0.9`). Under `--only`, a gate outside the selection is said to be skipped there,
 * as `apply --only` skips it (QA138: `plan --only t1` named a benchmark gate's edit as its work).
 */

import type { Lockfile, LockGate } from '../lockfile/types.js';
import { type GateSpec, insideSelection, narrowestScope, pooledTarget } from '../metrics/gates.js';
import type { CompiledPlan } from './compile.js';

const KINDS = ['regression', 'min', 'max'] as const;
type Kind = (typeof KINDS)[number];

interface PlannedGate {
  gate: GateSpec;
  kind: Kind;
  bound: number | undefined;
}

export function gateEdits(compiled: CompiledPlan, lock: Lockfile): string[] {
  // A lock with no gate results (a hand-made one, an older evalc's) tells nothing of the plan's gates.
  if (!lock.gates || lock.gates.length === 0) return [];
  const only = compiled.resolved.only;
  const planned = new Map<string, PlannedGate[]>();
  for (const spec of compiled.resolved.plan.gates) {
    const gate = narrowestScope(spec);
    const bounds: Array<[Kind, number | undefined]> = [];
    if (gate.min !== undefined) bounds.push(['min', gate.min]);
    if (gate.max !== undefined) bounds.push(['max', gate.max]);
    if (gate.regression) bounds.push(['regression', undefined]);
    for (const [kind, bound] of bounds) {
      const list = planned.get(`${gate.metric} ${kind}`) ?? [];
      list.push({ gate, kind, bound });
      planned.set(`${gate.metric} ${kind}`, list);
    }
  }
  const recorded = new Map<string, LockGate[]>();
  // A gate skipped as a whole (outside an `apply --only` selection, an agent with no results at
  // its scope) is recorded once, under its first kind of regression, min, max: its other kinds
  // are not "added" (QA124: `plan --only` after `apply --only` said "gate m max added" of a gate
  // with both a min and a max).
  const unsure = new Set<string>();
  for (const g of lock.gates) {
    if (g.skipped)
      for (const kind of KINDS.slice(KINDS.indexOf(g.kind) + 1)) unsure.add(`${g.metric} ${kind}`);
    const list = recorded.get(`${g.metric} ${g.kind}`) ?? [];
    list.push(g);
    recorded.set(`${g.metric} ${g.kind}`, list);
  }
  const edits: string[] = [];
  for (const [key, gates] of planned) {
    const results = recorded.get(key);
    const named = (p: PlannedGate) =>
      gates.length > 1 ? `gate ${key} at ${scopeLabel(p.gate)}` : `gate ${key}`;
    const skipped = (p: PlannedGate) =>
      only !== undefined && !insideSelection(p.gate, only) ? ` (skipped under --only ${only})` : '';
    if (!results) {
      if (!unsure.has(key)) for (const p of gates) edits.push(`${named(p)} added${skipped(p)}`);
      continue;
    }
    for (const p of gates) {
      const mine = results.filter((g) => covers(p, g));
      if (mine.length > 0 && mine.every((g) => g.skipped)) continue;
      if (mine.length === 0) {
        if (gates.length > 1) edits.push(`${named(p)} added${skipped(p)}`);
        continue;
      }
      if (p.bound === undefined) continue;
      const was = new Set(mine.map(boundOf).filter((b): b is number => b !== undefined));
      if (was.size === 1 && !was.has(p.bound))
        edits.push(`${named(p)} ${[...was][0]} → ${p.bound}${skipped(p)}`);
    }
    if (gates.length > 1) {
      const gone = new Set(
        results.filter((g) => !g.skipped && !gates.some((p) => covers(p, g))).map((g) => scopeKind(g.scope)),
      );
      for (const scope of gone) edits.push(`gate ${key} at ${scope} removed`);
    }
  }
  for (const key of recorded.keys()) if (!planned.has(key)) edits.push(`gate ${key} removed`);
  return edits.sort();
}

/** The bound a gate result's message ends with (`required ≥ 0.5`). */
function boundOf(g: LockGate): number | undefined {
  const bound = /required [≥≤] (-?[\d.e+-]+)$/.exec(g.message)?.[1];
  return bound !== undefined && Number.isFinite(Number(bound)) ? Number(bound) : undefined;
}

function scopeKind(target: string): string {
  const colon = target.indexOf(':');
  return colon < 0 ? target : target.slice(0, colon);
}

/** Whether the lock's gate result is one the plan gate (scope narrowed) would produce. */
function covers({ gate, kind }: PlannedGate, g: LockGate): boolean {
  if (gate.agent !== undefined && gate.agent !== g.agent) return false;
  const scope = gate.scope ?? 'benchmark';
  // A regression gate at example scope pools the examples of its task, dataset or benchmark (QA38).
  if (kind === 'regression' && scope === 'example' && !g.skipped) return g.scope === pooledTarget(gate);
  if (scopeKind(g.scope) !== scope) return false;
  const colon = g.scope.indexOf(':');
  // A skipped result names its scope alone (`task`): it is this gate's when nothing tells otherwise.
  if (colon < 0) return true;
  const [task, dataset] = g.scope.slice(colon + 1).split('/');
  return (
    (gate.task === undefined || gate.task === task) &&
    (gate.dataset === undefined || gate.dataset === dataset)
  );
}

/** The gate's scope as the plan wrote it: `benchmark`, `task`, `task:t2`, `dataset:t1/d`, `… for a1`. */
function scopeLabel(gate: GateSpec): string {
  const scope = gate.scope ?? 'benchmark';
  const where = [gate.task, gate.dataset].filter((part) => part !== undefined).join('/');
  return `${scope}${where === '' ? '' : `:${where}`}${gate.agent === undefined ? '' : ` for ${gate.agent}`}`;
}
