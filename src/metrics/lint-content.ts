/**
 * The content checks of dataset lint (lint-dataset.ts): expected answers that leak into the inputs,
 * and label imbalance, of scalar expected values and of each scalar field of mapping ones.
 */
import { normalizeText } from './normalize-value.js';
import { isPlainObject } from './resolve-fields.js';

/** The example fields these checks read (LintExample of lint-dataset.ts is assignable to it). */
interface ContentExample {
  id: string;
  vars?: Record<string, unknown> | undefined;
  turns?: string[] | undefined;
  expected?: unknown;
}

export interface ImbalanceFinding {
  code: 'EVALC_LINT_LABEL_IMBALANCE';
  severity: 'info';
  message: string;
  examples: string[];
}

const norm = (s: string) => normalizeText(s, { ignore_case: true, ignore_whitespace: true });

function stringLeaves(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (typeof value === 'number') out.push(String(value));
  else if (Array.isArray(value)) for (const v of value) stringLeaves(v, out);
  else if (isPlainObject(value)) for (const v of Object.values(value)) stringLeaves(v, out);
  return out;
}

/**
 * The texts of the vars a leak is looked for in: every string or number, except the options of a
 * multiple-choice list (a list of two or more distinct texts or numbers), which hold the answer by
 * design (QA51: every example of a `choices: [Paris, London, Rome]` dataset was a leak).
 */
function inputTexts(value: unknown, out: string[]): string[] {
  if (typeof value === 'string') out.push(value);
  else if (typeof value === 'number') out.push(String(value));
  else if (Array.isArray(value)) {
    const scalars = value.every((v) => typeof v === 'string' || typeof v === 'number');
    if (!(scalars && new Set(value.map((v) => norm(String(v)))).size >= 2))
      for (const v of value) inputTexts(v, out);
  } else if (isPlainObject(value)) for (const v of Object.values(value)) inputTexts(v, out);
  return out;
}

/** A letter or digit of a script that separates words with spaces (CJK and Thai do not). */
const WORD = /[\p{L}\p{N}_]/u;
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}]/u;
const isWordChar = (c: string | undefined) => c !== undefined && WORD.test(c) && !UNSPACED.test(c);

/**
 * `needle` in `text` as whole words: `paris` is in `is it paris?`, not in `comparison`
 * (QA51: `ship` leaked into `relationship`). Both are normalised.
 */
function containsWords(text: string, needle: string): boolean {
  const first = [...needle][0];
  const last = [...needle].at(-1);
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
    const end = at + needle.length;
    const before =
      at === 0
        ? undefined
        : /[\uDC00-\uDFFF]/.test(text[at - 1] ?? '')
          ? text.slice(at - 2, at)
          : text[at - 1];
    const after = end < text.length ? String.fromCodePoint(text.codePointAt(end) ?? 0) : undefined;
    if ((isWordChar(first) && isWordChar(before)) || (isWordChar(last) && isWordChar(after))) continue;
    return true;
  }
  return false;
}

/**
 * A passage: an input text of 200+ characters of which the answer is under 5%. Extractive QA
 * (SQuAD, which `f1` scores) gives the context that holds the answer by design (QA51: every example
 * of such a dataset was a leak); a question that quotes its answer is short beside it.
 */
const isPassage = (text: string, answer: string) => text.length >= 200 && answer.length * 20 < text.length;

/** Whether an expected text of at least `minLength` characters appears in the example's input. */
export function leaks(example: ContentExample, minLength: number): boolean {
  const inputs = [...inputTexts(example.vars ?? {}, []), ...stringLeaves(example.turns ?? [])].map(norm);
  return stringLeaves(example.expected)
    .map(norm)
    .some((x) => x.length >= minLength && inputs.some((i) => !isPassage(i, x) && containsWords(i, x)));
}

export interface ImbalanceOptions {
  imbalanceShare?: number;
  minExamplesForImbalance?: number;
}

type Label = { id: string; v: unknown };
const isScalar = (v: unknown) => ['string', 'number', 'boolean'].includes(typeof v);

/**
 * Labels where one value is most of them: the scalar expected values, and each field of mapping
 * expected values that holds a scalar (QA51: `expected: {label: positive}` in 90% of a dataset was
 * "clean", as only scalar expected values were counted).
 */
export function labelImbalance(
  examples: readonly ContentExample[],
  options: ImbalanceOptions,
): ImbalanceFinding[] {
  const scalar: Label[] = [];
  const fields = new Map<string, Label[]>();
  for (const e of examples) {
    if (isScalar(e.expected)) scalar.push({ id: e.id, v: e.expected });
    else if (isPlainObject(e.expected))
      for (const [key, v] of Object.entries(e.expected)) {
        if (!isScalar(v)) continue;
        const same = fields.get(key);
        if (same) same.push({ id: e.id, v });
        else fields.set(key, [{ id: e.id, v }]);
      }
  }
  const out: ImbalanceFinding[] = [];
  const scalarFinding = imbalance(scalar, 'scalar expected values', '', options);
  if (scalarFinding) out.push(scalarFinding);
  for (const [key, labels] of [...fields].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const finding = imbalance(labels, 'labels', `expected.${key} `, options);
    if (finding) out.push(finding);
  }
  return out;
}

function imbalance(
  labels: readonly Label[],
  what: string,
  prefix: string,
  options: ImbalanceOptions,
): ImbalanceFinding | undefined {
  if (labels.length < (options.minExamplesForImbalance ?? 10)) return undefined;
  const counts = new Map<string, string[]>();
  for (const l of labels) {
    const k = typeof l.v === 'string' ? norm(l.v) : String(l.v);
    const same = counts.get(k);
    if (same) same.push(l.id);
    else counts.set(k, [l.id]);
  }
  const [label, ids] = [...counts].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1))[0] ?? [
    '',
    [],
  ];
  const share = ids.length / labels.length;
  const distinct = counts.size;
  if (distinct > 1 && distinct <= Math.max(2, labels.length / 2) && share > (options.imbalanceShare ?? 0.8))
    return {
      code: 'EVALC_LINT_LABEL_IMBALANCE',
      severity: 'info',
      message: `${prefix ? prefix : 'label '}"${label}" is ${(share * 100).toFixed(0)}% of ${labels.length} ${what}`,
      examples: ids,
    };
  return undefined;
}
