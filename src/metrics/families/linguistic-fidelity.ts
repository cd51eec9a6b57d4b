/**
 * Linguistic fidelity (Content & Fidelity): exact_match, contains, regex, numeric, f1.
 * bleu and rouge_l live in their own files (bleu.ts, rouge-l.ts).
 */
import { z } from 'zod';
import {
  compileGuardedRegExp,
  type RegExpTester,
  regExpSyntaxProblem,
} from '../../protocols/regexp/linear-regexp.js';
import { asRecorded } from '../decimal-round.js';
import { matchesExpectedHash } from '../hash-expected.js';
import { canonicalJson, normalizeForMode, normalizeParams, normalizeText } from '../normalize-value.js';
import { candidateParam } from '../params.js';
import {
  answerAndReferences,
  candidateName,
  candidateText,
  expectedPathFor,
  missingHashReason,
  resolveCandidate,
  resolveExpected,
  resolveExpectedHash,
} from '../resolve-fields.js';
import { binaryResult, metricError } from '../score-result.js';
import type { ExampleStageDefinition, Json, ScoreInput } from '../types.js';
import { squadF1, squadGolds } from './squad-f1.js';

const expectedParam = z
  .string()
  .optional()
  .describe(
    'Dotted path into example.expected (default: the whole expected value; ignored when expected is a scalar)',
  );

const NO_CANDIDATE = 'no candidate: the binding has no answer output';

const base = {
  family: 'linguistic_fidelity',
  category: 'content',
  version: '1',
  higherIsBetter: true,
} as const;

const exactMatchParams = z
  .object({
    candidate: candidateParam,
    expected: expectedParam,
    mode: z
      .enum(['scalar', 'set', 'list'])
      .default('scalar')
      .describe(
        'scalar: equal values; set: same elements in any order, duplicates ignored; list: same elements in order',
      ),
    ...normalizeParams,
  })
  .strict();

/** Scalars of different JSON types compare as text ("3" = 3); everything else by canonical JSON. */
function scalarKey(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value;
  return canonicalJson(value);
}

const isScalar = (v: unknown): v is string | number | boolean =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/**
 * A candidate against hashed answers: one hash, or a list of them — one per acceptable answer, which
 * passes on one it matches as a list of plain answers does in scalar mode (QA158). Set and list
 * modes compare with the hash of the whole list: a list of hashes is an error there.
 */
function hashedResult(candidate: unknown, hashes: string[], p: z.output<typeof exactMatchParams>) {
  // A text picks hashed answers as plain ones (SQuAD v2): the empty answer's hash beside others is left
  // out, none left ([] too: it was a metric_error) the empty answer; '' passed [h(""), h("Paris")] (QA253).
  if (p.mode === 'scalar' && isScalar(candidate)) {
    const answered = hashes.filter((h) => !matchesExpectedHash('', h, p));
    const c = normalizeForMode(candidate, 'scalar', p);
    const pass =
      answered.length === 0
        ? typeof c === 'string' && c.trim() === ''
        : answered.some((h) => matchesExpectedHash(candidate, h, p));
    return binaryResult(pass, { hashed: true });
  }
  if (hashes.length === 0) return metricError('expected_sha256 is an empty list: no answer to compare with');
  if (hashes.length > 1 && p.mode !== 'scalar')
    return metricError(
      `expected_sha256 is a list of hashes, one per acceptable answer, which mode: scalar compares; for mode: ${p.mode} give the hash of the whole list`,
    );
  return binaryResult(
    hashes.some((h) => matchesExpectedHash(candidate, h, p)),
    { hashed: true },
  );
}

export const exactMatch: ExampleStageDefinition<z.output<typeof exactMatchParams>> = {
  ...base,
  // 2: a text candidate against a list of answers passes on an equal item (QA145).
  // 3: and against a list of hashed answers (expected_sha256: [h1, h2]) on one it matches (QA158).
  // 4: an empty list is the empty answer, "" beside other answers left out; no candidate scores 0 (QA249).
  // 5: and so a list of hashed answers: the empty answer's hash beside others left out, [] the empty answer (QA253).
  version: '5',
  type: 'exact_match',
  stage: 'example',
  description: 'Candidate equals the expected value after normalisation (modes: scalar, set, list)',
  params: exactMatchParams,
  score(input, p) {
    const candidate = resolveCandidate(input.candidates, p.candidate);
    // No candidate scores 0, as README says a missing candidate does: it equalled an expected null
    // (and a hash of null) (QA249).
    if (candidate === undefined) return binaryResult(false, { reason: NO_CANDIDATE });
    const path = expectedPathFor(input, p.expected, p.candidate);
    const expected = resolveExpected(input, path);
    if (expected === undefined) {
      const hashes = resolveExpectedHash(input.expectedSha256, path);
      if (hashes === undefined)
        return metricError(
          missingHashReason(input, path, p.candidate) ??
            'no expected value (nor expected_sha256) for this example',
        );
      return hashedResult(candidate, hashes, p);
    }
    const c = normalizeForMode(candidate, p.mode, p);
    const e = normalizeForMode(expected, p.mode, p);
    if (p.mode === 'scalar') {
      // A text or number against a list: its items are the acceptable answers (SQuAD-style), and one
      // equal item passes, as f1/bleu/rouge_l take the best of them (QA145: it was always 0).
      // As SQuAD v2's script picks them, answers with no text ("") are left out beside others, and
      // an empty list is the empty answer, which only an empty text matches, as f1 reads it (QA249).
      if (Array.isArray(e) && isScalar(c)) {
        const answered = e.filter((x) => scalarKey(x).trim() !== '');
        if (answered.length === 0) return binaryResult(typeof c === 'string' && c.trim() === '');
        return binaryResult(answered.some((x) => scalarKey(x) === scalarKey(c)));
      }
      return binaryResult(scalarKey(c) === scalarKey(e));
    }
    const cs = (c as unknown[]).map(scalarKey);
    const es = (e as unknown[]).map(scalarKey);
    if (p.mode === 'list') return binaryResult(cs.length === es.length && cs.every((x, i) => x === es[i]));
    // Sets, not Array.includes: a list of 20,000 ids against another took seconds per example.
    const cset = new Set(cs);
    const eset = new Set(es);
    const missing = es.filter((x) => !cset.has(x));
    const extra = cs.filter((x) => !eset.has(x));
    const hits = es.length - missing.length;
    return binaryResult(missing.length === 0 && extra.length === 0, {
      precision: cs.length ? hits / cs.length : 0,
      recall: es.length ? hits / es.length : 0,
      missing,
      extra,
    });
  },
};

const containsParams = z
  .object({
    candidate: candidateParam,
    expected: expectedParam,
    value: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .describe('Literal text(s) to look for instead of the expected value'),
    match: z.enum(['all', 'any']).default('all').describe('Pass when all (or any) of the values are found'),
    ...normalizeParams,
  })
  .strict();

export const contains: ExampleStageDefinition<z.output<typeof containsParams>> = {
  ...base,
  type: 'contains',
  // 2: no candidate scores 0 (QA249)
  version: '2',
  stage: 'example',
  description:
    'Candidate text contains the expected text(s); for an array candidate, one element equals each value. Score = share found (all) or 1/0 (any)',
  params: containsParams,
  score(input, p) {
    const candidate = resolveCandidate(input.candidates, p.candidate);
    // No candidate scores 0, as README says a missing candidate does: its '' held an expected "" and
    // every item of [] (QA249).
    if (candidate === undefined)
      return { score: 0, pass: false, details: { found: [], missing: [], reason: NO_CANDIDATE } };
    const wanted = p.value ?? resolveExpected(input, expectedPathFor(input, p.expected, p.candidate));
    if (wanted === undefined || wanted === null)
      return metricError('no value to look for (set value: or expected:)');
    const values = (Array.isArray(wanted) ? wanted : [wanted]).map((v) => normalizeText(candidateText(v), p));
    // The candidate is normalised once (a reply of megabytes against many values).
    const elements = Array.isArray(candidate)
      ? new Set(candidate.map((c) => normalizeText(candidateText(c), p)))
      : undefined;
    const text = elements === undefined ? normalizeText(candidateText(candidate), p) : '';
    const found = values.filter((v) => (elements ? elements.has(v) : text.includes(v)));
    const foundSet = new Set(found);
    const missing = values.filter((v) => !foundSet.has(v));
    if (p.match === 'any') return binaryResult(found.length > 0, { found, missing });
    const share = values.length ? found.length / values.length : 1;
    return { score: share, pass: missing.length === 0, details: { found, missing } };
  },
};

const regexParams = z
  .object({
    candidate: candidateParam,
    expected: expectedParam.describe(
      'Dotted path into example.expected holding the pattern (when pattern is not set)',
    ),
    pattern: z.string().optional().describe('ECMAScript regular expression'),
    flags: z.string().default('').describe('Regular expression flags, e.g. "i"'),
    full: z.boolean().default(false).describe('Require the whole candidate to match'),
  })
  .strict()
  .superRefine((p, ctx) => {
    // A pattern written in the plan is checked when the plan is validated, not per example; so are
    // the flags, which the plan always holds: with the pattern in the dataset (expected:), invalid
    // flags passed validation and then failed every example with a metric_error (QA25).
    // A pattern that could backtrack exponentially runs on RE2 (protocols/regexp/linear-regexp.ts); one RE2
    // cannot run would hang the run on some answers (QA52): refused here.
    try {
      const source = p.pattern ?? '';
      if (!compileGuardedRegExp(source, p.flags.replace('g', ''), p.full).ok)
        ctx.addIssue({ code: 'custom', path: ['pattern'], message: BACKTRACKING_MESSAGE });
    } catch (err) {
      const atFlags = p.pattern === undefined || /^Invalid flags/.test((err as Error).message);
      ctx.addIssue({
        code: 'custom',
        path: [atFlags ? 'flags' : 'pattern'],
        message: `invalid regular expression: ${regExpSyntaxProblem(err)}${inlineFlagsHint(p.pattern)}`,
      });
    }
  });

/**
 * Python's and PCRE's inline flags (`(?i)abc`) are no ECMAScript syntax on Node 20 ("Invalid
 * group"): say where the flag goes instead (QA91). The same for one in the middle of the pattern
 * and for a scoped group, `(?i:abc)` or `(?-i:abc)`, which ECMAScript has only from Node 23 (QA95).
 */
function inlineFlagsHint(pattern: string | undefined): string {
  const text = pattern ?? '';
  const scoped = /\(\?([a-zA-Z]*)(?:-([a-zA-Z]+))?:/.exec(text);
  if (scoped && (scoped[1] || scoped[2])) {
    const group = `(?${scoped[1]}${scoped[2] ? `-${scoped[2]}` : ''}:…)`;
    const flags = [...new Set((scoped[1] ?? '').replace(/[^imsu]/g, ''))].join('');
    return ` — \`${group}\` is a scoped inline flag, which Node runs only from version 23: write \`(?:…)\`${flags ? ` and \`flags: ${flags}\` for the whole pattern` : ''}, or a class such as \`[hH]\` for the letters that may differ`;
  }
  const inline = /\(\?([a-zA-Z]+)\)/.exec(text);
  if (!inline) return '';
  const flags = [...new Set(inline[1]!.replace(/[^imsu]/g, ''))].join('');
  const where = inline.index === 0 ? '' : ' (ECMAScript has none for part of a pattern)';
  return ` — \`(?${inline[1]})\` is Python/PCRE's inline flag syntax${where}: drop it${flags ? ` and write \`flags: ${flags}\`${inline.index === 0 ? '' : ', which applies to the whole pattern'}` : ''}`;
}

const BACKTRACKING_MESSAGE =
  'regular expression could take exponential time on some answers (a repeated group that itself repeats or alternates) and has a lookaround, backreference or sticky flag the linear-time engine cannot run: rewrite it without the nesting';

export const regex: ExampleStageDefinition<z.output<typeof regexParams>> = {
  ...base,
  type: 'regex',
  // 2: candidate and pattern NFC-normalised first: "Café" did not match an NFD answer (QA46)
  // 3: no candidate scores 0, where its '' matched `^$` or `.*` (QA249)
  version: '3',
  stage: 'example',
  description: 'Candidate text matches a regular expression (ECMAScript syntax)',
  params: regexParams,
  score(input, p) {
    const pattern = p.pattern ?? resolveExpected(input, p.expected);
    if (typeof pattern !== 'string') return metricError('no pattern (set pattern: or expected:)');
    let re: RegExpTester;
    try {
      const nfc = pattern.normalize('NFC');
      const guarded = compileGuardedRegExp(nfc, p.flags.replace('g', ''), p.full);
      if (!guarded.ok) return metricError(BACKTRACKING_MESSAGE);
      re = guarded.regexp;
    } catch (e) {
      return metricError(`invalid regular expression: ${regExpSyntaxProblem(e)}${inlineFlagsHint(pattern)}`);
    }
    // No candidate scores 0, as README says a missing candidate does: its text, '', matched a
    // pattern such as `^$` or `.*` (QA249).
    const candidate = resolveCandidate(input.candidates, p.candidate);
    if (candidate === undefined) return { score: 0, pass: false, details: { reason: NO_CANDIDATE } };
    // NFC, as exact_match and contains read text (QA46).
    return binaryResult(re.test(candidateText(candidate).normalize('NFC')));
  },
};

const numericParams = z
  .object({
    candidate: candidateParam,
    expected: expectedParam,
    abs_tol: z.number().nonnegative().default(0).describe('Absolute tolerance'),
    rel_tol: z.number().nonnegative().default(1e-9).describe('Relative tolerance, times |expected|'),
  })
  .strict();

const FULL_WIDTH_SIGNS: Record<string, string> = {
  '\uFF0B': '+',
  '\uFF0C': ',',
  '\uFF0D': '-',
  '\uFF0E': '.',
};

/**
 * Unicode decimal digits (full-width １２３, Arabic-Indic ١٢٣, Devanagari १२३ …) as ASCII digits, and
 * the full-width sign, comma and point as theirs, as Python's float() reads such digits (QA46). A
 * digit's value is its place in its run of digits (Unicode keeps each set of 0–9 contiguous and in
 * order); superscripts and other numerals (², ½, Ⅻ) are not decimal digits and stay text.
 */
function asciiDigits(text: string): string {
  if (/^[\x00-\x7f]*$/.test(text)) return text;
  return text.replace(/[\uFF0B-\uFF0E]|\p{Nd}/gu, (ch) => {
    const sign = FULL_WIDTH_SIGNS[ch];
    if (sign !== undefined) return sign;
    const cp = ch.codePointAt(0) as number;
    if (cp < 0x80) return ch;
    let start = cp;
    while (/\p{Nd}/u.test(String.fromCodePoint(start - 1))) start--;
    return String((cp - start) % 10);
  });
}

/**
 * A number, or the first number in a text (thousands separators "1,234" removed; the Unicode minus
 * sign U+2212 of typeset output, "−5", is a minus: it read as 5).
 */
export function parseNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const m = asciiDigits(value)
    .replace(/\u2212/g, '-')
    .replace(/(\d),(?=\d{3}\b)/g, '$1')
    .match(/[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/);
  const x = m ? Number(m[0]) : Number.NaN;
  return Number.isFinite(x) ? x : null;
}

export const numeric: ExampleStageDefinition<z.output<typeof numericParams>> = {
  ...base,
  type: 'numeric',
  // 2: U+2212 is a minus sign (QA14); 3: the tolerance compares recorded figures (QA37);
  // 4: Unicode decimal digits (full-width, Arabic-Indic …) read as digits (QA46)
  // 5: a distance beyond a double's range is a metric_error beside its score 0 (QA175)
  // 6: a missing expected value is said so, not "not a number" (QA175)
  // 7: no candidate at all scores 0, not a metric_error about the expected value (QA175)
  version: '7',
  stage: 'example',
  higherIsBetter: false,
  unit: 'absolute error',
  description:
    'Candidate number within tolerance of the expected: |c − e| ≤ max(abs_tol, rel_tol·|e|); value = |c − e|',
  params: numericParams,
  score(input, p) {
    // No output to compare (no `answer`, several outputs): 0, as README says such a binding scores
    // and exact_match does; the whole expected mapping was read and said "not a number" (QA175).
    if (candidateName(input.candidates, p.candidate) === undefined)
      return { score: 0, pass: false, details: { reason: NO_CANDIDATE } };
    const expected = resolveExpected(input, expectedPathFor(input, p.expected, p.candidate));
    // A missing expected value read "expected value is not a number", as a text did, and report.md
    // counted both under that one message (QA175).
    if (expected === undefined)
      return metricError(
        input.expectedSha256 === undefined
          ? 'no expected value for this example'
          : 'no expected value for this example (expected_sha256 is a hash: numeric needs the number)',
      );
    const e = parseNumber(expected);
    if (e === null) return metricError('expected value is not a number');
    const c = parseNumber(resolveCandidate(input.candidates, p.candidate));
    if (c === null) return { score: 0, pass: false, details: { reason: 'candidate is not a number' } };
    const err = Math.abs(c - e);
    // −1.7e308 against 1.7e308: the distance overflows to Infinity, which no lock can record, and
    // its value was dropped from the `numeric (value)` mean in silence (QA175). The answer is
    // surely outside any tolerance (score 0); the error says why the example has no value.
    if (!Number.isFinite(err))
      return {
        score: 0,
        pass: false,
        error: {
          kind: 'metric_error',
          message: `the absolute error |${c} − ${e}| is beyond a double's range (above 1.8e308): no value recorded`,
        },
      };
    // Both sides as the lock records them: |1.1 − 1| is 0.10000000000000009 as a float, and
    // abs_tol: 0.1 failed a distance the lock printed as 0.1 (QA37).
    const tolerance = asRecorded(Math.max(p.abs_tol, p.rel_tol * Math.abs(e)));
    return { ...binaryResult(asRecorded(err) <= tolerance), value: err };
  },
};

const f1Params = z.object({ candidate: candidateParam, expected: expectedParam }).strict();

export const f1: ExampleStageDefinition<z.output<typeof f1Params>> = {
  ...base,
  type: 'f1',
  // 2: articles are removed at Unicode word boundaries, as evaluate-v1.1.py under Python 3 (QA14)
  // 3: candidate and answers NFC-normalised first (an NFD answer scored 0.667 against itself, QA46)
  // 4: a list answer is the tokens of its items, and against a list expected the whole list (QA158)
  // 5: an empty list expected (or answers all empty once normalised) is the empty answer (QA249)
  // 6: no candidate scores 0, where its '' matched an expected "" or [] (QA249)
  version: '6',
  stage: 'example',
  description:
    'SQuAD token F1 (lowercase, punctuation and articles removed); the best over several expected answers; a list answer is the tokens of its items',
  params: f1Params,
  score(input: ScoreInput, p) {
    // A list answer is the tokens of its items, and against a list expected the whole list, as
    // exact_match compares a list with a list; a text takes the best of a list's items (QA158).
    const path = expectedPathFor(input, p.expected, p.candidate);
    const { answer, references: golds } = answerAndReferences(input, path, p.candidate);
    if (golds === undefined) return metricError('no expected value for this example');
    // No candidate (no answer output, or one the binding did not extract) scores 0, as README says a
    // missing candidate does: its text, '', matched an expected "" or [] as the empty answer (QA249).
    if (resolveCandidate(input.candidates, p.candidate) === undefined)
      return { score: 0, details: { reason: NO_CANDIDATE } };
    // NFC on both sides, as exact_match and contains read text: an NFD "Café" is the NFC one (QA46).
    const prediction = answer.normalize('NFC');
    const scores = squadGolds(golds.map((g) => g.normalize('NFC'))).map((g) => squadF1(prediction, g));
    const best = Math.max(...scores.map((s) => s.f1));
    const detail = scores.find((s) => s.f1 === best);
    return { score: best, details: (detail ?? null) as Json };
  },
};
