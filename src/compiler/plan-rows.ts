/**
 * The rows of a plan (`+ invoke … 3 examples new`): one per kind, target and reason, counted as
 * steps are planned (plan-run.ts), then ordered with score rows merged across tasks and agents.
 */

export type PlanSymbol = '+' | '~';
export type PlannedKind = 'invoke' | 'extract' | 'score' | 'aggregate';

/** Steps that run and steps cached, per kind. */
export type PlanCounts = Record<PlannedKind, { run: number; cached: number }>;

/** The step cache as the plan reads it. */
export interface CacheView {
  has(key: string): boolean;
  /** The kind an entry was put with (`invoke`, `invoke-failed`…); StepStore has it. */
  kindOf?(key: string): string | undefined;
  /** An entry's value; read only for the rare step the lock cannot explain (no lock, pruned rows). */
  get?(key: string): unknown;
}

export interface PlannedStep {
  kind: PlannedKind;
  id: string;
  /** The step's content key; none for an aggregate (recomputed from the scores, never cached). */
  key?: string;
  /** `skipped`: not cached, and apply does not run it (the reason says why). */
  status: 'new' | 'changed' | 'cached' | 'skipped';
  reason?: string;
}

export interface PlanRow {
  symbol: PlanSymbol;
  kind: PlannedKind;
  target: string;
  count: number;
  /** `runs` (example × repeat) when the plan has repeats > 1: every invoke, extract and score counts once. */
  unit: 'examples' | 'runs' | 'nodes';
  reason: string;
}

export interface PlanRowCollector {
  /** The rows by id (`symbol|kind|target|reason`; the aggregate row is `aggregate`). */
  rows: Map<string, PlanRow>;
  /** Counts one step in its row, creating the row on its first step. */
  add(symbol: PlanSymbol, kind: PlannedKind, target: string, reason: string, unit?: PlanRow['unit']): void;
}

export function createRowCollector(stepUnit: PlanRow['unit']): PlanRowCollector {
  const rows = new Map<string, PlanRow>();
  const recentRows: PlanRow[] = [];
  const add = (
    symbol: PlanSymbol,
    kind: PlannedKind,
    target: string,
    reason: string,
    unit: PlanRow['unit'] = stepUnit,
  ) => {
    // Hot path (one call per step): reuse a recent row before building its id string.
    for (const row of recentRows) {
      if (row.kind === kind && row.symbol === symbol && row.target === target && row.reason === reason) {
        row.count++;
        return;
      }
    }
    const id = `${symbol}|${kind}|${target}|${reason}`;
    const row = rows.get(id) ?? { symbol, kind, target, count: 0, unit, reason };
    row.count++;
    rows.set(id, row);
    recentRows.unshift(row);
    if (recentRows.length > 8) recentRows.pop();
  };
  return { rows, add };
}

const KIND_ORDER: Record<PlannedKind, number> = { invoke: 0, extract: 1, score: 2, aggregate: 3 };

/** Score rows with the same metric and reason across tasks/agents collapse into `bench/*\/metric`. */
export function mergeScoreRows(rows: PlanRow[], benchmark: string): PlanRow[] {
  const merged = new Map<string, PlanRow>();
  for (const row of rows) {
    if (row.kind !== 'score') {
      merged.set(`${row.kind}|${row.symbol}|${row.target}|${row.reason}`, row);
      continue;
    }
    const metric = row.target.slice(row.target.lastIndexOf('/') + 1);
    const id = `score|${row.symbol}|${metric}|${row.reason}`;
    const existing = merged.get(id);
    if (existing) {
      existing.count += row.count;
      existing.target = `${benchmark}/*/${metric}`;
    } else merged.set(id, { ...row });
  }
  return [...merged.values()].sort(
    (a, b) =>
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      (a.target < b.target ? -1 : a.target > b.target ? 1 : 0) ||
      (a.reason < b.reason ? -1 : 1),
  );
}
