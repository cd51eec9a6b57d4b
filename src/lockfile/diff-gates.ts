/**
 * The gates of two runs compared: each gate (metric × scope × agent × kind) whose outcome
 * (passed, failed, skipped, or absent) or bound (`min`, `max`, a regression's `max_drop`) differs,
 * the newly failing first.
 */
import { byText } from './text-order.js';
import type { Lockfile, LockGate } from './types.js';

export type GateOutcome = 'passed' | 'failed' | 'skipped';

/** A gate whose outcome differs between the two runs (or that only one run has). */
export interface GateChange {
  kind: LockGate['kind'];
  metric: string;
  scope: string;
  agent: string;
  old: GateOutcome | null;
  new: GateOutcome | null;
  /** The gate's bound, when the pull request changed it (`min: 0.5` → `0.7`; QA139). */
  bound?: { old: number; new: number };
}

/**
 * A gate's bound as its recorded message states it: `…; required ≥ 0.5` (min/max, gates.ts) or
 * `(drop 0.1, max_drop 0.02)` (regression, gate-regression.ts). A skipped gate states none.
 */
export function gateBound(gate: LockGate): number | null {
  const text =
    gate.kind === 'regression'
      ? /, max_drop (-?[\d.e+-]+)\)/.exec(gate.message)?.[1]
      : /; required [≥≤] (-?[\d.e+-]+)$/.exec(gate.message)?.[1];
  const bound = text === undefined ? Number.NaN : Number(text);
  return Number.isFinite(bound) ? bound : null;
}

/**
 * The scope that identifies a gate: an example-scope gate is reported at its worst example
 * (`example:t/d/e3`), which changes between runs; it is the same gate (QA38).
 */
export function gateIdentityScope(scope: string): string {
  return scope.startsWith('example:') ? 'example' : scope;
}

function gateOutcomes(lock: Lockfile): Map<string, { gate: LockGate; outcome: GateOutcome }> {
  const out = new Map<string, { gate: LockGate; outcome: GateOutcome }>();
  for (const gate of lock.gates ?? []) {
    const outcome: GateOutcome = gate.skipped ? 'skipped' : gate.passed ? 'passed' : 'failed';
    const base = [gate.metric, gateIdentityScope(gate.scope), gate.agent, gate.kind].join('\u0000');
    // Two gates with one identity (two example gates on one metric) are told apart by their order.
    let key = base;
    for (let n = 2; out.has(key); n++) key = `${base}\u0000${n}`;
    out.set(key, { gate, outcome });
  }
  return out;
}

/** A gate skipped because its agent has no results of its metric at its scope (gates.ts's messages). */
function notApplicable(entry: { gate: LockGate; outcome: GateOutcome } | undefined): boolean {
  if (entry?.outcome !== 'skipped') return false;
  return / is not measured at \S+ for \S+; gate skipped$|: \S+ has no results at the gate's scope; gate skipped$/.test(
    entry.gate.message,
  );
}

/** Gates whose outcome or bound changed between the two runs. */
export function gateChanges(old: Lockfile, now: Lockfile): GateChange[] {
  const olds = gateOutcomes(old);
  const news = gateOutcomes(now);
  const out: GateChange[] = [];
  for (const key of [...new Set([...olds.keys(), ...news.keys()])].sort(byText)) {
    const o = olds.get(key);
    const n = news.get(key);
    const oldBound = o ? gateBound(o.gate) : null;
    const newBound = n ? gateBound(n.gate) : null;
    const rebound = oldBound !== null && newBound !== null && oldBound !== newBound;
    if (o?.outcome === n?.outcome && !rebound) continue;
    // A gate one run lacks and the other skipped for an agent that does not run its metric there
    // (another task's) changed nothing a reviewer can act on (QA256: a new task-scoped gate listed
    // `min pass_rate at task:search (a2): absent → skipped` for an agent outside that task).
    if ((o === undefined && notApplicable(n)) || (n === undefined && notApplicable(o))) continue;
    const gate = (n ?? o)!.gate;
    out.push({
      kind: gate.kind,
      metric: gate.metric,
      scope: gate.scope,
      agent: gate.agent,
      old: o?.outcome ?? null,
      new: n?.outcome ?? null,
      ...(rebound ? { bound: { old: oldBound, new: newBound } } : {}),
    });
  }
  const failing = (c: GateChange) => (c.new === 'failed' ? 0 : 1);
  return out.sort((a, b) => failing(a) - failing(b));
}
