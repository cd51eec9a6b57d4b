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
  /**
   * A row of edited examples (`because the example changed…`): how many, and the first
   * `NAMED_EXAMPLES` as `dataset/example` (QA269: `1 example because the example changed` named none).
   */
  examples?: { count?: number; first: string[] };
}

/** The examples named in a row of edited ones; more than this are said by their count and the first few. */
export const NAMED_EXAMPLES = 5;
const EDITED = 'because the example changed';

export interface PlanRowCollector {
  /** The rows by id (`symbol|kind|target|reason`; the aggregate row is `aggregate`). */
  rows: Map<string, PlanRow>;
  /** Counts one step in its row, creating the row on its first step. */
  add(
    symbol: PlanSymbol,
    kind: PlannedKind,
    target: string,
    reason: string,
    unit?: PlanRow['unit'],
    example?: string,
  ): void;
}

export function createRowCollector(stepUnit: PlanRow['unit']): PlanRowCollector {
  const rows = new Map<string, PlanRow>();
  const recentRows: PlanRow[] = [];
  // The example last counted in each row of edited ones: its repeats come one after another.
  const lastExample = new Map<PlanRow, string>();
  const noteExample = (row: PlanRow, example: string | undefined) => {
    if (example === undefined || !row.reason.startsWith(EDITED) || lastExample.get(row) === example) return;
    lastExample.set(row, example);
    const examples = (row.examples ??= { count: 0, first: [] });
    examples.count = (examples.count ?? 0) + 1;
    if (examples.first.length < NAMED_EXAMPLES) examples.first.push(example);
  };
  const add = (
    symbol: PlanSymbol,
    kind: PlannedKind,
    target: string,
    reason: string,
    unit: PlanRow['unit'] = stepUnit,
    example?: string,
  ) => {
    // Hot path (one call per step): reuse a recent row before building its id string.
    for (const row of recentRows) {
      if (row.kind === kind && row.symbol === symbol && row.target === target && row.reason === reason) {
        row.count++;
        noteExample(row, example);
        return;
      }
    }
    const id = `${symbol}|${kind}|${target}|${reason}`;
    const row = rows.get(id) ?? { symbol, kind, target, count: 0, unit, reason };
    row.count++;
    noteExample(row, example);
    rows.set(id, row);
    recentRows.unshift(row);
    if (recentRows.length > 8) recentRows.pop();
  };
  return { rows, add };
}

/**
 * Two rows' examples, merged into one score row (other tasks or agents: an example may be in both).
 * Their number is known when both rows named all of theirs; else only the first few are.
 */
function mergedExamples(
  a: PlanRow['examples'],
  b: NonNullable<PlanRow['examples']>,
): NonNullable<PlanRow['examples']> {
  const complete = (e: PlanRow['examples']) => e === undefined || e.count === e.first.length;
  const first = [...new Set([...(a?.first ?? []), ...b.first])];
  return complete(a) && complete(b)
    ? { count: first.length, first: first.slice(0, NAMED_EXAMPLES) }
    : { first: first.slice(0, NAMED_EXAMPLES) };
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
      if (row.examples) existing.examples = mergedExamples(existing.examples, row.examples);
    } else
      merged.set(
        id,
        row.examples ? { ...row, examples: { ...row.examples, first: [...row.examples.first] } } : { ...row },
      );
  }
  return [...merged.values()].sort(
    (a, b) =>
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      (a.target < b.target ? -1 : a.target > b.target ? 1 : 0) ||
      (a.reason < b.reason ? -1 : 1),
  );
}
