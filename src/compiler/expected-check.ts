/**
 * Validate-time check of the paths metrics read from the examples (`expected: PATH`,
 * `reference: PATH`, `vars.X`): when no example of a dataset has the value, every example's
 * metric would be a `metric_error` at run time (a typo such as `expected: answr`): a warning. The rule
 * mirrors src/metrics/resolve-fields.ts: a non-mapping expected value is used whole, and an
 * example with `expected_sha256` is scored from its hash by the metrics that read hashes
 * (`exact_match`, `ground_truth_protection`) when it has one at the path.
 */
import { candidateName, isPlainObject, readPath } from '../metrics/resolve-fields.js';
import type { Diagnostic, PlanPath, SourcePosition } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import { didYouMean, suggest } from '../plan/suggest.js';
import type { ResolvedExample } from './datasets.js';
import { EXAMPLE_KEYS } from './example-key-typo.js';
import type { ResolvedGroup } from './resolve.js';

/** Params that, when set, replace the expected value (so `expected:` is not read). */
const OVERRIDES: Record<string, string> = {
  regex: 'pattern',
  contains: 'value',
  tool_call_match: 'calls',
  checkpoints: 'checkpoints',
  progress_rate: 'checkpoints',
  checklist: 'items',
};

/** The `expected:` path a metric reads when it names none (its params' default). */
const DEFAULT_EXPECTED: Record<string, string> = {
  tool_call_match: 'tool_calls',
  checkpoints: 'checkpoints',
  progress_rate: 'checkpoints',
  checklist: 'checklist',
};

export function checkExpectedPaths(
  group: ResolvedGroup,
  locate: (path: PlanPath) => SourcePosition | undefined,
  /** The hashed fields read by every task over this dataset (`hashFieldsByDataset`): none is a misspelling. */
  taken: ReadonlySet<string> = hashFieldsRead(group),
): Diagnostic[] {
  const examples = group.dataset.examples;
  // A dataset with refused rows may have the value in one of them (QA170: a JSONL line with a
  // trailing comma, or the CSV rows below a quote never closed, read "which no example … has").
  if (examples.length === 0 || group.dataset.incomplete) return [];
  const out: Diagnostic[] = [];
  for (const metric of group.metrics) {
    const config = metric.config as Record<string, unknown>;
    if (metric.sendsExpected && examples.every((example) => example.expected === undefined)) {
      out.push(builtinRubricWithoutExpected(metric, group.datasetId, locate));
      continue;
    }
    const override = OVERRIDES[metric.type];
    if (override !== undefined && config[override] !== undefined) continue;
    if (HASH_READERS.has(metric.type) && config.expected === undefined) {
      const name = bareHashField(metric, group);
      if (name !== undefined)
        out.push(
          ...hashFieldMissing(metric.id, name, examples, metric.path, locate, taken, true),
          ...hashBesideOtherFields(metric.id, name, examples, metric.path, locate),
        );
      continue;
    }
    for (const key of ['expected', 'reference']) {
      // A list-reading metric without `expected:` reads its default path (QA64).
      const written = config[key] ?? (key === 'expected' ? DEFAULT_EXPECTED[metric.type] : undefined);
      if (typeof written !== 'string' || written === '') continue;
      const readsHash = HASH_READERS.has(metric.type) && key === 'expected';
      const path = [...metric.path, key];
      if (examples.some((example) => hasValueAt(example, written, readsHash))) {
        if (readsHash) out.push(...hashFieldMissing(metric.id, written, examples, path, locate, taken));
        continue;
      }
      const where = written.startsWith('vars.') ? written : `expected.${written}`;
      out.push(
        diagnostic(
          'EVALC_REF_EXPECTED',
          `\`${metric.id}\` reads ${where}, which no example of dataset ${group.datasetId} has`,
          path,
          // A warning: the plan is well-formed and `evalc lint` must still run on such a dataset
          // (EVALC_LINT_EMPTY_EXPECTED); at run time each example's metric is a metric_error.
          {
            source: locate(path),
            hint:
              templateHint(key, written) ?? hintFor(written, examples, readsHash ? undefined : metric.type),
            severity: 'warning',
          },
        ),
      );
    }
  }
  return out;
}

/**
 * The field exact_match or ground_truth_protection without `expected:` reads: its candidate's
 * (README's `{ type: ground_truth_protection, candidate: answer }`). QA278: a hash under a misspelt
 * field was warned only for a metric naming `expected:`, not here, in some examples nor in all.
 */
function bareHashField(metric: ResolvedGroup['metrics'][number], group: ResolvedGroup): string | undefined {
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

/** The hashed fields the group's metrics that read hashes read: none is offered for a rename. */
function hashFieldsRead(group: ResolvedGroup): Set<string> {
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
function hashFieldMissing(
  metricId: string,
  written: string,
  examples: readonly ResolvedExample[],
  path: PlanPath,
  locate: (path: PlanPath) => SourcePosition | undefined,
  taken: ReadonlySet<string>,
  /** No `expected:`: an example whose expected mapping lacks the field is compared whole, no metric_error. */
  bare = false,
): Diagnostic[] {
  const hashLacks = (example: ResolvedExample) =>
    isPlainObject(example.expected_sha256) && readPath(example.expected_sha256, written) === undefined;
  const lacking = examples.filter(
    (example) =>
      hashLacks(example) && !hasValueAt(example, written, true) && (!bare || example.expected === undefined),
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
  const reads = `\`${metricId}\` reads expected.${written}${bare ? ' (its candidate, as it has no expected:)' : ''}`;
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
function hashBesideOtherFields(
  metricId: string,
  field: string,
  examples: readonly ResolvedExample[],
  path: PlanPath,
  locate: (path: PlanPath) => SourcePosition | undefined,
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
      `\`${metricId}\` has no expected:, so it reads expected.${field} only where the expected value has it: ${one ? `example ${ids} keeps` : `examples ${ids} keep`} ${field} in expected_sha256 beside an expected value without it (example ${first.id}'s fields: ${Object.keys(first.expected as object).join(', ') || 'none'}), so ${one ? 'its' : 'their'} metric compares the answer with that whole value`,
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

/**
 * A judge metric on a built-in rubric, which compares the answer with the expected outcome, over a
 * dataset none of whose examples has an expected value: the judge is sent none (QA159).
 */
function builtinRubricWithoutExpected(
  metric: ResolvedGroup['metrics'][number],
  datasetId: string,
  locate: (path: PlanPath) => SourcePosition | undefined,
): Diagnostic {
  return diagnostic(
    'EVALC_REF_EXPECTED',
    `\`${metric.id}\` is judged on a built-in rubric, which compares the answer with the expected outcome, but no example of dataset ${datasetId} has an expected value: the judge is sent none`,
    metric.path,
    {
      source: locate(metric.path),
      hint: 'give the examples `expected` values (an `expected_sha256` is not sent), or judge on a plan rubric (`rubrics:`) that needs none',
      severity: 'warning',
    },
  );
}

/**
 * `reference: "{{expected.answer}}"` (QA264): `expected:` and `reference:` are paths, not templates
 * as `content:` is; the hint writes the path the placeholder names.
 */
function templateHint(key: string, written: string): string | undefined {
  if (!written.includes('{{')) return undefined;
  const one = /^\s*\{\{\{?\s*([A-Za-z_][\w.]*)\s*\}?\}\}\s*$/.exec(written);
  const path = one?.[1]?.replace(/^expected\./, '');
  const write =
    path === undefined || path === 'expected' || /^candidate\b/.test(path)
      ? ''
      : `: write \`${key}: ${path}\``;
  return `\`${key}:\` is a path into the example's expected value (or \`vars.NAME\`), not a template${write}`;
}

/** Metrics that score from `expected_sha256` (resolve-fields.ts `resolveExpectedHash`). */
const HASH_READERS = new Set(['exact_match', 'ground_truth_protection']);

function hasValueAt(example: ResolvedExample, path: string, readsHash: boolean): boolean {
  if (path.startsWith('vars.')) return readPath(example.vars, path.slice(5)) !== undefined;
  // A hash stands for the value only for metrics that read hashes, and only at the path they read
  // (QA21: `expected: answr` beside `expected_sha256: {answer: …}` passed validate, and every
  // example's metric was a metric_error).
  if (readsHash && hashAt(example.expected_sha256, path)) return true;
  if (example.expected === undefined) return false;
  if (!isPlainObject(example.expected)) return true;
  return readPath(example.expected, path) !== undefined;
}

function hashAt(hashes: unknown, path: string): boolean {
  // One hash, or a list of them, one per acceptable answer (QA158).
  const isHash = (h: unknown) =>
    typeof h === 'string' || (Array.isArray(h) && h.length > 0 && h.every((x) => typeof x === 'string'));
  if (isHash(hashes)) return true;
  return isPlainObject(hashes) && isHash(readPath(hashes, path));
}

function hintFor(
  path: string,
  examples: readonly ResolvedExample[],
  hashBlindMetric?: string,
): string | undefined {
  const isVars = path.startsWith('vars.');
  if (hashBlindMetric && !isVars && examples.some((e) => hashAt(e.expected_sha256, path)))
    return `the examples keep it only as expected_sha256, which \`${hashBlindMetric}\` cannot read (exact_match and ground_truth_protection can)`;
  // The fields of vars, or of expected and (to a metric that reads hashes) expected_sha256, each
  // named as what holds it (QA272: a hash's misspelt field read 'the examples have expected: answr').
  const held = new Map<string, Set<string>>();
  for (const example of examples.slice(0, 100)) {
    const roots: [string, unknown][] = isVars
      ? [['vars', example.vars]]
      : [
          ['expected', example.expected],
          ...(hashBlindMetric ? [] : [['expected_sha256', example.expected_sha256] as [string, unknown]]),
        ];
    for (const [holder, root] of roots)
      if (isPlainObject(root))
        for (const name of Object.keys(root)) held.set(holder, (held.get(holder) ?? new Set()).add(name));
  }
  const names = new Set([...held.values()].flatMap((set) => [...set]));
  const head = isVars ? path.slice(5).split('.')[0]! : path.split('.')[0]!;
  const suggestion = didYouMean(head, names);
  if (suggestion) return suggestion;
  const beside = isVars ? undefined : atTopLevel(head, examples);
  if (beside) return beside;
  return names.size > 0
    ? `the examples have ${[...held].map(([holder, set]) => `${holder}: ${[...set].join(', ')}`).join('; ')}`
    : undefined;
}

/**
 * An expected value written beside `expected`, at the example's top level (`{"id": "q1",
 * "question": …, "answer": …}`, a team's own dataset shape), is kept as data no metric reads
 * (QA264: the warning had no hint, as the template's had for a var there).
 */
function atTopLevel(head: string, examples: readonly ResolvedExample[]): string | undefined {
  const read = new Set<string>(EXAMPLE_KEYS);
  if (read.has(head)) return undefined;
  const example = examples.find((e) => Object.hasOwn(e, head));
  if (example === undefined) return undefined;
  return `example ${example.id} has \`${head}\` at its top level, kept as data: a metric reads an example's \`expected\` ({"id": …, "expected": {"${head}": …}})`;
}
