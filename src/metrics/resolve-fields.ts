/**
 * How metric params name their inputs (README.md "Resolution rules").
 *
 * - `candidate: NAME` reads `candidates[NAME]`. When omitted: `candidates.answer` if the binding
 *   extracts one, else the only candidate when there is exactly one, else undefined.
 * - `expected: PATH` is a dotted path into `example.expected` (`codes` → `expected.codes`,
 *   `a.0.b` → `expected.a[0].b`). When `example.expected` is not a plain object (a string,
 *   number, boolean or array: "scalar expected"), the path is ignored and the whole value is
 *   used, so `expected: answer` works for datasets whose expected value is just `"Paris"`.
 *   When omitted, the whole `example.expected` is used.
 * - A path starting with `vars.` reads the example's vars instead (`vars.should_refuse`).
 */
import { parseBoundedJson } from '../protocols/bounded-json.js';
import type { ScoreInput } from './types.js';

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows a dotted path; numeric segments index arrays. */
export function readPath(root: unknown, path: string): unknown {
  let current = root;
  for (const segment of path.split('.')) {
    if (segment === '') continue;
    if (Array.isArray(current) && /^\d+$/.test(segment)) current = current[Number(segment)];
    else if (isPlainObject(current)) current = current[segment];
    else return undefined;
  }
  return current;
}

export function resolveCandidate(candidates: Record<string, unknown>, name: string | undefined): unknown {
  const resolved = candidateName(candidates, name);
  return resolved === undefined ? undefined : candidates[resolved];
}

/** The candidate name a metric reads: `candidate:`, else `answer` if extracted, else the only one. */
export function candidateName(
  candidates: Record<string, unknown>,
  name: string | undefined,
): string | undefined {
  if (name !== undefined) return name;
  if ('answer' in candidates) return 'answer';
  const keys = Object.keys(candidates);
  return keys.length === 1 ? keys[0] : undefined;
}

/**
 * The metrics whose omitted `expected:` reads the candidate's own field of a mapping (`expectedPathFor`):
 * validate's identities and `evalc lint` both ask it.
 */
export const CANDIDATE_FIELD_METRICS: ReadonlySet<string> = new Set([
  'exact_match',
  'contains',
  'numeric',
  'f1',
  'bleu',
  'rouge_l',
  'ground_truth_protection',
]);

/**
 * The `expected:` path a metric reads. Omitted, and the example's expected value (or its
 * `expected_sha256`) is a mapping holding the candidate's name, it is that name: a bare
 * `{ type: exact_match }` compares `answer` with `expected.answer`, not with the whole mapping
 * (a text never equals a mapping). Otherwise undefined: the whole expected value.
 */
export function expectedPathFor(
  input: Pick<ScoreInput, 'expected' | 'expectedSha256' | 'candidates'>,
  path: string | undefined,
  candidate: string | undefined,
): string | undefined {
  if (path !== undefined) return path;
  const name = candidateName(input.candidates, candidate);
  if (name === undefined) return undefined;
  if (isPlainObject(input.expected)) return Object.hasOwn(input.expected, name) ? name : undefined;
  if (
    input.expected === undefined &&
    isPlainObject(input.expectedSha256) &&
    Object.hasOwn(input.expectedSha256, name)
  )
    return name;
  return undefined;
}

export function resolveExpected(
  input: Pick<ScoreInput, 'expected' | 'example'>,
  path: string | undefined,
): unknown {
  if (path === undefined) return input.expected;
  if (path.startsWith('vars.')) return readPath(input.example.vars, path.slice(5));
  if (!isPlainObject(input.expected)) return input.expected;
  return readPath(input.expected, path);
}

/**
 * A list as the text metrics (f1, bleu, rouge_l) read it: its items' texts joined by spaces (nested
 * lists flattened), not its JSON, whose brackets, quotes and commas glued or split the items
 * (`["red fox", "blue"]` scored f1 0.5, bleu 0.09 against itself; QA158). Anything else is its text.
 */
function itemsText(value: unknown): string {
  return Array.isArray(value) ? value.map(itemsText).join(' ') : candidateText(value);
}

/**
 * What a text metric compares: the answer's text (`itemsText`) and the reference texts at `path` —
 * a text's references are the items of a list expected (acceptable answers, the best of them
 * counts), while a list answer is compared with the whole list, as exact_match compares a list with
 * a list (QA158). References are undefined when there is no expected value, empty for `[]`.
 */
export function answerAndReferences(
  input: Pick<ScoreInput, 'expected' | 'example' | 'candidates'>,
  path: string | undefined,
  candidate: string | undefined,
): { answer: string; references: string[] | undefined } {
  const value = resolveCandidate(input.candidates, candidate);
  const expected = resolveExpected(input, path);
  const golds =
    expected === undefined || expected === null
      ? undefined
      : !Array.isArray(expected)
        ? [expected]
        : expected.length === 0 || !Array.isArray(value)
          ? expected
          : [expected];
  return { answer: itemsText(value), references: golds?.map(itemsText) };
}

/**
 * The hashes that stand for the expected value at `path` (same rule as `resolveExpected`): one, or a
 * list of them — one per acceptable answer, as a list of `expected` answers (QA158: a list of
 * hashes was no expected value, every example a metric_error). Undefined when there is none.
 */
export function resolveExpectedHash(expectedSha256: unknown, path: string | undefined): string[] | undefined {
  const h =
    typeof expectedSha256 === 'string' || Array.isArray(expectedSha256)
      ? expectedSha256
      : path !== undefined && isPlainObject(expectedSha256)
        ? readPath(expectedSha256, path)
        : undefined;
  if (typeof h === 'string') return [h];
  return Array.isArray(h) && h.every((x) => typeof x === 'string') ? h : undefined;
}

/**
 * Why an example's `expected_sha256`, an object, gives no hash at `path`: no such field (a misspelt
 * one), or a value that is no hash (QA258: it read 'neither expected_sha256 nor expected').
 */
export function missingHashReason(
  input: Pick<ScoreInput, 'expectedSha256' | 'candidates'>,
  field: string | undefined,
  candidate: string | undefined,
): string | undefined {
  const expectedSha256 = input.expectedSha256;
  const path = field ?? candidateName(input.candidates, candidate);
  if (path === undefined || !isPlainObject(expectedSha256)) return undefined;
  if (readPath(expectedSha256, path) !== undefined)
    return `expected_sha256.${path} is not a hash (a hex sha256, or a list of them)`;
  const fields = Object.keys(expectedSha256);
  return `expected_sha256 has no ${path} (its fields: ${fields.length > 0 ? fields.join(', ') : 'none'})`;
}

/** Renders a candidate as text: strings as-is, null/undefined as '', others as JSON. */
export function candidateText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * Tool-call arguments arrive as objects or as JSON strings (OpenAI shape). A string is read as
 * the agents' replies are (bounded-json.ts): one nested deeper than 512 levels stays the string it
 * is, and a number beyond the double range is null — `repetition_rate`'s canonical JSON failed
 * with "Maximum call stack size exceeded" or "Infinity is not allowed" on such a reply (QA50).
 */
export function parseArguments(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const parsed = parseBoundedJson(value);
  return parsed.ok ? parsed.value : value;
}
