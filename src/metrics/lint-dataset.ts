/**
 * Dataset lint for `evalc lint` (benchmark integrity): duplicate ids, duplicate inputs, empty
 * expected values, `expected_sha256` values that are no sha256 (an MD5, a truncated copy),
 * expected answers leaking into the inputs, label imbalance, and weights that are all 0. Pure: takes
 * examples, returns findings sorted by code then first example id.
 */
import { describeUnusableHash } from './hash-expected.js';
import { labelImbalance, leaks } from './lint-content.js';
import { canonicalJson } from './normalize-value.js';
import { isPlainObject, readPath } from './resolve-fields.js';

export type LintCode =
  | 'EVALC_LINT_DUPLICATE_ID'
  | 'EVALC_LINT_DUPLICATE_INPUT'
  | 'EVALC_LINT_EMPTY_EXPECTED'
  | 'EVALC_LINT_EXPECTED_HASH'
  | 'EVALC_LINT_EXPECTED_LEAK'
  | 'EVALC_LINT_LABEL_IMBALANCE'
  | 'EVALC_LINT_SHOULD_REFUSE'
  | 'EVALC_LINT_ZERO_WEIGHT';

export interface LintFinding {
  code: LintCode;
  severity: 'error' | 'warning' | 'info';
  message: string;
  /** Ids of the examples concerned. */
  examples: string[];
}

/** A dataset example (`ExampleRecord` of plan/schema.ts is assignable to it). */
export interface LintExample {
  id: string;
  vars?: Record<string, unknown> | undefined;
  turns?: string[] | undefined;
  expected?: unknown;
  expected_sha256?: unknown;
  /** Other fields: tools, policies and human are part of the input, the rest is data no agent sees. */
  [key: string]: unknown;
}

/**
 * What an agent is given of an example: its vars (the binding templates see `id`, `vars` and
 * `turns` only), `turns` (chat), and `tools`, `policies` and `human` (mae). Other keys — a dataset's
 * own `category`, `difficulty`, `notes` — reach no agent (QA51: two rows asking the same question
 * under two categories were not the same input).
 */
const INPUT = ['vars', 'turns', 'tools', 'policies', 'human'] as const;

export interface LintOptions {
  /** Report examples without expected / expected_sha256 (default true; off for judge-only datasets). */
  requireExpected?: boolean;
  /**
   * The `expected:` paths the dataset's metrics read (`answer` reads `expected.answer`): a mapping
   * expected value that is empty there is empty to that metric, whatever else it holds.
   */
  expectedPaths?: readonly string[];
  /**
   * Paths a metric reads by default, without an `expected:` (a bare `exact_match` reads
   * `expected.answer` of an example that holds it, else the whole mapping): an example lacking one
   * counts only when another example of the dataset has it (QA98: one example without `answer`
   * was compared whole with the answer, a silent 0).
   */
  implicitPaths?: readonly string[];
  /** Shortest expected string checked for leaks, after normalisation (default 4). */
  minLeakLength?: number;
  /** Majority-label share above which labels are imbalanced (default 0.8). */
  imbalanceShare?: number;
  /** Fewest examples before imbalance is judged (default 10). */
  minExamplesForImbalance?: number;
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (isPlainObject(value)) return Object.keys(value).length === 0 || Object.values(value).every(isEmpty);
  return false;
}

export function lintDataset(examples: readonly LintExample[], options: LintOptions = {}): LintFinding[] {
  const findings: LintFinding[] = [];
  const byId = new Map<string, number>();
  const byInput = new Map<string, string[]>();
  for (const e of examples) {
    byId.set(e.id, (byId.get(e.id) ?? 0) + 1);
    const key = canonicalJson(
      Object.fromEntries(INPUT.filter((k) => e[k] !== undefined).map((k) => [k, e[k]])),
    );
    const same = byInput.get(key);
    if (same) same.push(e.id);
    else byInput.set(key, [e.id]);
  }
  for (const [id, count] of byId) {
    if (count > 1) {
      findings.push({
        code: 'EVALC_LINT_DUPLICATE_ID',
        severity: 'error',
        message: `id "${id}" is used by ${count} examples`,
        examples: [id],
      });
    }
  }
  for (const ids of byInput.values()) {
    if (ids.length > 1) {
      findings.push({
        code: 'EVALC_LINT_DUPLICATE_INPUT',
        severity: 'warning',
        message: `${ids.length} examples have the same input (vars, turns, tools, policies, human)${idList(ids)}`,
        examples: ids,
      });
    }
  }
  // Weighted means over weights that are all 0 have no value: the dataset counts for nothing.
  if (examples.length > 0 && examples.every((e) => e.weight === 0)) {
    findings.push({
      code: 'EVALC_LINT_ZERO_WEIGHT',
      severity: 'warning',
      message: `every example has weight 0: the dataset's means have no value and it counts for nothing above it`,
      examples: examples.map((e) => e.id),
    });
  }
  if (options.requireExpected ?? true) {
    // Missing where a metric reads it (`expected: answer` of an example without `answer`): that
    // metric is a metric_error there. An empty value at the path may be meant (`codes: []`, "no
    // course"), so only the whole expected value being empty counts as empty.
    const held = (p: string) =>
      examples.some((e) => isPlainObject(e.expected) && readPath(e.expected, p) != null);
    const paths = [
      ...new Set([...(options.expectedPaths ?? []), ...(options.implicitPaths ?? []).filter(held)]),
    ];
    const missingAt = (e: LintExample, p: string) =>
      isPlainObject(e.expected) &&
      readPath(e.expected, p) == null &&
      typeof e.expected_sha256 !== 'string' &&
      readPath(e.expected_sha256, p) == null;
    const empty: string[] = [];
    const missing = new Map<string, number>();
    for (const e of examples) {
      if (isEmpty(e.expected) && isEmpty(e.expected_sha256)) empty.push(e.id);
      else {
        const lacks = paths.filter((p) => missingAt(e, p));
        for (const p of lacks) missing.set(p, (missing.get(p) ?? 0) + 1);
        if (lacks.length > 0) empty.push(e.id);
      }
    }
    if (empty.length > 0) {
      const lacking = [...missing]
        .map(([p, n]) => `${n} lack expected.${p}, which a metric reads`)
        .join('; ');
      findings.push({
        code: 'EVALC_LINT_EMPTY_EXPECTED',
        severity: 'warning',
        message: `${empty.length} example(s) have an empty expected value and no expected_sha256${lacking ? ` (${lacking})` : ''}${idList(empty)}`,
        examples: empty,
      });
    }
  }
  const unusable = unusableHashes(examples);
  if (unusable.ids.length > 0) {
    findings.push({
      code: 'EVALC_LINT_EXPECTED_HASH',
      severity: 'warning',
      message: `${unusable.ids.length} example(s) have an expected_sha256 that is not a sha256 (64 hex digits) and can never match, e.g. ${unusable.first}`,
      examples: unusable.ids,
    });
  }
  const minLeak = options.minLeakLength ?? 4;
  // One finding for every leaking example (QA21: one line per example flooded `evalc lint` with
  // 200,000 lines for a dataset whose inputs quote their answers).
  const leaking = examples.filter((e) => leaks(e, minLeak)).map((e) => e.id);
  if (leaking.length > 0) {
    findings.push({
      code: 'EVALC_LINT_EXPECTED_LEAK',
      severity: 'warning',
      message:
        leaking.length === 1
          ? `example "${leaking[0]}": the expected answer appears in its input`
          : `${leaking.length} examples: the expected answer appears in their input${idList(leaking)}`,
      examples: leaking,
    });
  }
  findings.push(...labelImbalance(examples, options));
  return findings.sort((a, b) =>
    a.code === b.code ? ((a.examples[0] ?? '') < (b.examples[0] ?? '') ? -1 : 1) : a.code < b.code ? -1 : 1,
  );
}

const MAX_IDS_IN_MESSAGE = 10;

/**
 * `: a, b, c` for the message, or nothing past ten ids (the finding's `examples` has them all;
 * QA21: a 50,000-id message) — `evalc lint` then prints the first ones after the message.
 */
function idList(ids: readonly string[]): string {
  return ids.length <= MAX_IDS_IN_MESSAGE ? `: ${ids.join(', ')}` : '';
}

/** Examples whose `expected_sha256` (a hash, or a mapping of hashes) holds a value that is no sha256. */
function unusableHashes(examples: readonly LintExample[]): { ids: string[]; first: string } {
  const ids: string[] = [];
  let first = '';
  for (const e of examples) {
    if (e.expected_sha256 === undefined) continue;
    const bad = hashLeaves(e.expected_sha256, 'expected_sha256').find(
      ([, v]) => describeUnusableHash(v) !== undefined,
    );
    if (!bad) continue;
    if (ids.length === 0) first = `${e.id}: ${bad[0]} is ${describeUnusableHash(bad[1])}`;
    ids.push(e.id);
  }
  return { ids, first };
}

/** `[path, value]` of every hash in a hash, a list of hashes (one per acceptable answer, QA158) or a (nested) mapping of them. */
function hashLeaves(value: unknown, at: string): [string, unknown][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => hashLeaves(v, `${at}.${i}`));
  if (!isPlainObject(value)) return [[at, value]];
  return Object.entries(value).flatMap(([k, v]) => hashLeaves(v, `${at}.${k}`));
}
