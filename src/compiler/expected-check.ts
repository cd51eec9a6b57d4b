/**
 * Validate-time check of the paths metrics read from the examples (`expected: PATH`,
 * `reference: PATH`, `vars.X`): when no example of a dataset has the value, every example's
 * metric would be a `metric_error` at run time (a typo such as `expected: answr`): a warning. The rule
 * mirrors src/metrics/resolve-fields.ts: a non-mapping expected value is used whole, and an
 * example with `expected_sha256` is scored from its hash by the metrics that read hashes
 * (`exact_match`, `ground_truth_protection`) when it has one at the path.
 */
import { isPlainObject } from '../metrics/resolve-fields.js';
import type { Diagnostic, PlanPath, SourcePosition } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import { didYouMean } from '../plan/suggest.js';
import type { ResolvedExample } from './datasets.js';
import { EXAMPLE_KEYS } from './example-key-typo.js';
import {
  bareHashField,
  candidateOf,
  HASH_READERS,
  hashAt,
  hashBesideOtherFields,
  hashFieldMissing,
  hashFieldsRead,
  hasValueAt,
  readersKey,
} from './expected-hash-check.js';
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
  /** The agents each metric without `expected:` reads each field for (`bareHashReaders`). */
  readers?: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>,
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
      if (name === undefined) continue;
      const whose = candidateOf(readers?.get(readersKey(group, metric)), name);
      out.push(
        ...hashFieldMissing(metric.id, name, examples, metric.path, locate, taken, whose),
        ...hashBesideOtherFields(metric.id, name, examples, metric.path, locate, whose),
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
