/**
 * The expected-path check's part for hashed ground truth (`expected_sha256`), read by the metrics that
 * read hashes (`exact_match`, `ground_truth_protection`): a hash field misspelt in some examples, an
 * empty expected value beside a hash under a near name, a hash kept beside public fields that a metric
 * without `expected:` never reads, and whose candidate each such metric reads (expected-check.ts).
 */
import { candidateName, isPlainObject, readPath } from '../metrics/resolve-fields.js';
import type { Diagnostic, PlanPath, SourcePosition } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import { suggest } from '../plan/suggest.js';
import type { ResolvedExample } from './datasets.js';
import type { ResolvedGroup } from './resolve.js';

/** Metrics that score from `expected_sha256` (resolve-fields.ts `resolveExpectedHash`). */
export const HASH_READERS = new Set(['exact_match', 'ground_truth_protection']);

export function hasValueAt(example: ResolvedExample, path: string, readsHash: boolean): boolean {
  if (path.startsWith('vars.')) return readPath(example.vars, path.slice(5)) !== undefined;
  // A hash stands for the value only for metrics that read hashes, and only at the path they read
  // (QA21: `expected: answr` beside `expected_sha256: {answer: …}` passed validate, and every
  // example's metric was a metric_error).
  if (readsHash && hashAt(example.expected_sha256, path)) return true;
  if (example.expected === undefined) return false;
  if (!isPlainObject(example.expected)) return true;
  return readPath(example.expected, path) !== undefined;
}

export function hashAt(hashes: unknown, path: string): boolean {
  // One hash, or a list of them, one per acceptable answer (QA158).
  const isHash = (h: unknown) =>
    typeof h === 'string' || (Array.isArray(h) && h.length > 0 && h.every((x) => typeof x === 'string'));
  if (isHash(hashes)) return true;
  return isPlainObject(hashes) && isHash(readPath(hashes, path));
}

/**
 * The field exact_match or ground_truth_protection without `expected:` reads: its candidate's
 * (README's `{ type: ground_truth_protection, candidate: answer }`). QA278: a hash under a misspelt
 * field was warned only for a metric naming `expected:`, not here, in some examples nor in all.
 */
export function bareHashField(
  metric: ResolvedGroup['metrics'][number],
  group: ResolvedGroup,
): string | undefined {
  const candidate = (metric.config as Record<string, unknown>).candidate;
  const outputs = Object.fromEntries(group.extraction.names.map((name) => [name, true]));
  return candidateName(outputs, typeof candidate === 'string' ? candidate : undefined);
}

/**
 * The hashed fields each dataset's readers read (by its sha256), over every group: a dataset two tasks
 * score, one reading expected.answer, the other expected_sha256.answers, was told in the first to
 * 'rename `answers` to `answer`', advice that breaks the second task (QA283; 82c1e53b looked at one task).
 */
export function hashFieldsByDataset(groups: readonly ResolvedGroup[]): Map<string, Set<string>> {
  const byDataset = new Map<string, Set<string>>();
  for (const group of groups) {
    const fields = byDataset.get(group.dataset.sha256) ?? new Set<string>();
    for (const field of hashFieldsRead(group)) fields.add(field);
    byDataset.set(group.dataset.sha256, fields);
  }
  return byDataset;
}

/**
 * For each metric without `expected:` that reads hashes (by task, dataset and metric), the agents
 * whose binding's candidate is each field: two bindings reading two fields were warned 'reads
 * expected.text (its candidate, …)' beside 'reads expected.answer', naming neither agent (QA288).
 */
export function bareHashReaders(groups: readonly ResolvedGroup[]): Map<string, Map<string, string[]>> {
  const readers = new Map<string, Map<string, string[]>>();
  for (const group of groups)
    for (const metric of group.metrics) {
      if (!HASH_READERS.has(metric.type) || (metric.config as Record<string, unknown>).expected !== undefined)
        continue;
      const field = bareHashField(metric, group);
      if (field === undefined) continue;
      const key = readersKey(group, metric);
      const byField = readers.get(key) ?? new Map<string, string[]>();
      const agents = byField.get(field) ?? [];
      if (!agents.includes(group.agentId)) byField.set(field, [...agents, group.agentId]);
      readers.set(key, byField);
    }
  return readers;
}

/**
 * A task's metric, by task and dataset; a plan-wide one (`metrics:`, reported once at its one line)
 * by the dataset's content, over every task that scores it: per task, a task whose agents agree said
 * 'reads expected.answr (its candidate, …)' beside another's '(the candidate of agents a1, a3, …)' of
 * the same examples at the same line, two warnings of one (QA296). An agent whose candidate differs
 * between those tasks makes each 'its candidate' (`candidateOf`).
 */
export function readersKey(group: ResolvedGroup, metric: ResolvedGroup['metrics'][number]): string {
  return metric.path[0] === 'metrics'
    ? `\u0000${group.dataset.sha256}\u0000${metric.id}`
    : `${group.taskId}\u0000${group.datasetId}\u0000${metric.id}`;
}

/** Whose candidate `field` is: 'its' when every agent's is the same, else the agents named (QA288). */
export function candidateOf(
  byField: ReadonlyMap<string, readonly string[]> | undefined,
  field: string,
): string {
  const agents = byField !== undefined && byField.size > 1 ? byField.get(field) : undefined;
  if (agents === undefined || agents.length === 0) return 'its candidate';
  // An agent reading two fields (a plan-wide metric, another binding in each task) is no way to tell
  // them apart: each is 'its candidate', as before QA288 (QA296).
  const all = [...byField!.values()].flat();
  if (new Set(all).size < all.length) return 'its candidate';
  if (agents.length === 1) return `agent ${agents[0]}'s candidate`;
  const more = agents.length > 3 ? ` and ${agents.length - 3} more` : '';
  return `the candidate of agents ${agents.slice(0, 3).join(', ')}${more}`;
}

/** The hashed fields the group's metrics that read hashes read: none is offered for a rename. */
export function hashFieldsRead(group: ResolvedGroup): Set<string> {
  const read = new Set<string>();
  for (const metric of group.metrics) {
    if (!HASH_READERS.has(metric.type)) continue;
    const written = (metric.config as Record<string, unknown>).expected;
    const field = written === undefined ? bareHashField(metric, group) : written;
    if (typeof field === 'string') read.add(field.split('.')[0]!);
  }
  return read;
}

/**
 * Examples whose `expected_sha256` is a mapping without the field a metric that reads hashes reads,
 * and no expected value there, where other examples have it: a misspelt field (`{"answr": h}`),
 * each such example's metric a metric_error (QA272: validate said nothing; apply's message names
 * it since 2e25ac98). One warning naming the first few. And examples whose expected value there is
 * `""` beside a hash under a near name: a CSV's empty `expected.answer` cell is `""` unless its row
 * fills that field's hash cell, so a misspelt `expected_sha256.answr` column left every hashed row
 * compared with "" and scored 0, with nothing said (QA278). A field another such metric reads
 * (`taken`) is no misspelling.
 */
export function hashFieldMissing(
  metricId: string,
  written: string,
  examples: readonly ResolvedExample[],
  path: PlanPath,
  locate: (path: PlanPath) => SourcePosition | undefined,
  taken: ReadonlySet<string>,
  /**
   * No `expected:` (whose candidate the field is: `its candidate`, `agent a2's candidate`): an example
   * whose expected mapping lacks the field is compared whole, no metric_error.
   */
  bare?: string,
): Diagnostic[] {
  const hashLacks = (example: ResolvedExample) =>
    isPlainObject(example.expected_sha256) && readPath(example.expected_sha256, written) === undefined;
  const lacking = examples.filter(
    (example) =>
      hashLacks(example) &&
      !hasValueAt(example, written, true) &&
      (bare === undefined || example.expected === undefined),
  );
  const othersHave = examples.some((example) => hasValueAt(example, written, true));
  // The near name is sought once per set of hashed fields, not per row (QA288: 5,000 flagged rows of
  // one CSV asked it 5,000 times, a third of this check's time).
  const nears = new Map<string, string | undefined>();
  const hint = (example: ResolvedExample) => {
    const fields = Object.keys(example.expected_sha256 as object).filter((field) => !taken.has(field));
    const key = fields.join('\u0000');
    if (!nears.has(key)) nears.set(key, nearField(written, fields));
    return renameHint(written, nears.get(key), example.id, othersHave);
  };
  const emptied = examples.filter(
    (example) =>
      hashLacks(example) &&
      isPlainObject(example.expected) &&
      readPath(example.expected, written) === '' &&
      hint(example) !== undefined,
  );
  const reads = `\`${metricId}\` reads expected.${written}${bare === undefined ? '' : ` (${bare}, as it has no expected:)`}`;
  return [
    ...hashFieldWarning(reads, lacking, hint, path, locate, (one, ids) => [
      `the expected_sha256 of ${one ? `example ${ids} does` : `examples ${ids} do`} not have`,
      `${one ? 'its' : 'their'} metric is a metric_error`,
    ]),
    ...hashFieldWarning(reads, emptied, hint, path, locate, (one, ids) => [
      `${one ? `example ${ids} has` : `examples ${ids} have`} empty ("") beside an expected_sha256 without it`,
      `${one ? 'its' : 'their'} metric compares the answer with ""`,
    ]),
  ];
}

/**
 * Examples whose expected value is a mapping without the candidate's field, kept hashed beside it
 * (a CSV's `expected.rationale` and `expected_sha256.answer` columns): a metric without `expected:`
 * reads the field only where `expected` has it (resolve-fields.ts `expectedPathFor`), so it compared
 * the answer with the whole mapping and scored 0, with nothing said (QA283). `expected: answer` reads
 * the hash.
 */
export function hashBesideOtherFields(
  metricId: string,
  field: string,
  examples: readonly ResolvedExample[],
  path: PlanPath,
  locate: (path: PlanPath) => SourcePosition | undefined,
  /** Whose candidate the field is (`candidateOf`): named only when the agents' differ. */
  whose: string,
): Diagnostic[] {
  const which = examples.filter(
    (example) =>
      isPlainObject(example.expected) &&
      !Object.hasOwn(example.expected, field) &&
      isPlainObject(example.expected_sha256) &&
      Object.hasOwn(example.expected_sha256, field),
  );
  const first = which[0];
  if (first === undefined) return [];
  const named = which.slice(0, 3).map((example) => example.id);
  const more = which.length > named.length ? ` and ${which.length - named.length} more` : '';
  const ids = `${named.join(', ')}${more}`;
  const one = which.length === 1;
  return [
    diagnostic(
      'EVALC_REF_EXPECTED',
      `\`${metricId}\` has no expected:, so it reads expected.${field}${whose === 'its candidate' ? '' : ` (${whose})`} only where the expected value has it: ${one ? `example ${ids} keeps` : `examples ${ids} keep`} ${field} in expected_sha256 beside an expected value without it (example ${first.id}'s fields: ${Object.keys(first.expected as object).join(', ') || 'none'}), so ${one ? 'its' : 'their'} metric compares the answer with that whole value`,
      path,
      {
        source: locate(path),
        hint: `write \`expected: ${field}\`, which reads expected_sha256.${field} where the expected value has no ${field}`,
        severity: 'warning',
      },
    ),
  ];
}

/** What a warning says of the examples it names (their ids, joined) and of their metric. */
type Wording = (one: boolean, ids: string) => [which: string, outcome: string];

/** One warning naming the first three of `examples`, the hint from the first one's fields. */
function hashFieldWarning(
  reads: string,
  examples: readonly ResolvedExample[],
  hint: (example: ResolvedExample) => string | undefined,
  path: PlanPath,
  locate: (path: PlanPath) => SourcePosition | undefined,
  say: Wording,
): Diagnostic[] {
  const first = examples[0];
  if (first === undefined || !isPlainObject(first.expected_sha256)) return [];
  const fields = Object.keys(first.expected_sha256);
  const named = examples.slice(0, 3).map((example) => example.id);
  const more = examples.length > named.length ? ` and ${examples.length - named.length} more` : '';
  const [which, outcome] = say(examples.length === 1, `${named.join(', ')}${more}`);
  return [
    diagnostic(
      'EVALC_REF_EXPECTED',
      `${reads}, which ${which} (example ${first.id}'s fields: ${fields.join(', ') || 'none'}): ${outcome}`,
      path,
      { source: locate(path), hint: hint(first), severity: 'warning' },
    ),
  ];
}

/** The hashed field (of `fields`) whose name is near the one `written` reads. */
function nearField(written: string, fields: readonly string[]): string | undefined {
  return suggest(written.split('.')[0]!, fields);
}

/** The field to rename in an example's expected_sha256 (`othersHave`: other examples have the metric's). */
function renameHint(
  written: string,
  near: string | undefined,
  id: string,
  othersHave: boolean,
): string | undefined {
  const head = written.split('.')[0]!;
  return near === undefined
    ? undefined
    : `rename \`${near}\` to \`${head}\` in example ${id}'s expected_sha256${othersHave ? ', as the other examples have it' : ''}`;
}
