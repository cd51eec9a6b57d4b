/**
 * BLEU as sacreBLEU 2.x computes it (Post 2018; mjpost/sacrebleu `metrics/bleu.py`):
 * tokenizer 13a (mteval-v13a), max n-gram order 4, clipped counts against the max count over
 * references, closest reference length (ties → shorter), brevity penalty exp(1 − r/c), and the
 * smoothing methods none / floor / add-k / exp (Chen & Cherry 2014). The `bleu` metric is
 * sacreBLEU's `sentence_bleu` (smooth exp, effective order); `corpusBleu` is `corpus_bleu`
 * (effective order off). Scores are on sacreBLEU's 0–100 scale here; the metric divides by 100.
 */
import { z } from 'zod';
import { candidateParam } from '../params.js';
import { answerAndReferences, expectedPathFor } from '../resolve-fields.js';
import { clamp01, metricError } from '../score-result.js';
import type { ExampleStageDefinition } from '../types.js';

const MAX_ORDER = 4;

export type BleuTokenizer = '13a' | 'none';
export type BleuSmoothing = 'exp' | 'floor' | 'add-k' | 'none';

export interface BleuOptions {
  tokenize?: BleuTokenizer;
  lowercase?: boolean;
  smooth?: BleuSmoothing;
  /** floor: 0.1 by default; add-k: 1 by default. */
  smoothValue?: number;
  effectiveOrder?: boolean;
}

export interface BleuScore {
  score: number;
  precisions: number[];
  bp: number;
  sysLen: number;
  refLen: number;
  counts: number[];
  totals: number[];
}

/** sacreBLEU's Tokenizer13a followed by TokenizerRegexp. */
export function tokenize13a(line: string): string {
  let s = line
    .replaceAll('<skipped>', '')
    .replaceAll('-\n', '')
    .replaceAll('\n', ' ')
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>');
  s = ` ${s} `;
  s = s.replace(/([{-~[-` -&(-+:-@/])/g, ' $1 ');
  s = s.replace(/([^0-9])([.,])/g, '$1 $2 ');
  s = s.replace(/([.,])([^0-9])/g, ' $1 $2');
  s = s.replace(/([0-9])(-)/g, '$1 $2 ');
  return s.trim().split(/\s+/).filter(Boolean).join(' ');
}

function tokens(text: string, options: BleuOptions): string[] {
  let s = options.lowercase ? text.toLowerCase() : text;
  s = s.trimEnd();
  const tokenized = (options.tokenize ?? '13a') === '13a' ? tokenize13a(s) : s;
  return tokenized.split(/\s+/).filter(Boolean);
}

function ngramCounts(words: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (let n = 1; n <= MAX_ORDER; n += 1) {
    for (let i = 0; i + n <= words.length; i += 1) {
      const key = `${n}\u0000${words.slice(i, i + n).join(' ')}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

/** Sufficient statistics of one segment: [sysLen, refLen, correct₁..₄, total₁..₄]. */
export function segmentStats(hypothesis: string, references: string[], options: BleuOptions): number[] {
  const hyp = tokens(hypothesis, options);
  const refNgrams = new Map<string, number>();
  const refLens: number[] = [];
  for (const ref of references) {
    const words = tokens(ref, options);
    refLens.push(words.length);
    for (const [k, c] of ngramCounts(words)) refNgrams.set(k, Math.max(refNgrams.get(k) ?? 0, c));
  }
  let refLen = -1;
  let bestDiff = -1;
  for (const len of refLens) {
    const diff = Math.abs(hyp.length - len);
    if (bestDiff === -1 || diff < bestDiff || (diff === bestDiff && len < refLen)) {
      bestDiff = diff;
      refLen = len;
    }
  }
  const correct = new Array<number>(MAX_ORDER).fill(0);
  const total = new Array<number>(MAX_ORDER).fill(0);
  for (const [k, c] of ngramCounts(hyp)) {
    const n = Number(k.slice(0, k.indexOf('\u0000')));
    correct[n - 1] = (correct[n - 1] ?? 0) + Math.min(c, refNgrams.get(k) ?? 0);
  }
  for (let n = 1; n <= MAX_ORDER; n += 1) total[n - 1] = Math.max(0, hyp.length - n + 1);
  return [hyp.length, Math.max(refLen, 0), ...correct, ...total];
}

/** sacreBLEU `BLEU.compute_bleu` from summed statistics. */
export function computeBleu(stats: number[], options: BleuOptions): BleuScore {
  const smooth = options.smooth ?? 'exp';
  const smoothValue = options.smoothValue ?? (smooth === 'floor' ? 0.1 : 1);
  const sysLen = stats[0] ?? 0;
  const refLen = stats[1] ?? 0;
  const correct = stats.slice(2, 2 + MAX_ORDER);
  const total = stats.slice(2 + MAX_ORDER, 2 + 2 * MAX_ORDER);
  const bp = sysLen < refLen ? (sysLen > 0 ? Math.exp(1 - refLen / sysLen) : 0) : 1;
  const precisions = new Array<number>(MAX_ORDER).fill(0);
  const result = { precisions, bp, sysLen, refLen, counts: correct, totals: total };
  if (!correct.some((c) => c > 0)) return { score: 0, ...result };
  let smoothMteval = 1;
  let effOrder = MAX_ORDER;
  for (let n = 1; n <= MAX_ORDER; n += 1) {
    if (smooth === 'add-k' && n > 1) {
      correct[n - 1] = (correct[n - 1] ?? 0) + smoothValue;
      total[n - 1] = (total[n - 1] ?? 0) + smoothValue;
    }
    const t = total[n - 1] ?? 0;
    const c = correct[n - 1] ?? 0;
    if (t === 0) break;
    if (options.effectiveOrder) effOrder = n;
    if (c === 0) {
      if (smooth === 'exp') {
        smoothMteval *= 2;
        precisions[n - 1] = 100 / (smoothMteval * t);
      } else if (smooth === 'floor') {
        precisions[n - 1] = (100 * smoothValue) / t;
      }
    } else {
      precisions[n - 1] = (100 * c) / t;
    }
  }
  // sacreBLEU's my_log: log(0) is a large negative number, so a zero precision zeroes the score.
  const logSum = precisions.slice(0, effOrder).reduce((s, p) => s + (p === 0 ? -9999999999 : Math.log(p)), 0);
  return { score: bp * Math.exp(logSum / effOrder), ...result };
}

/** sacreBLEU `sentence_bleu` (defaults: 13a, smooth exp, effective order). */
export function sentenceBleu(hypothesis: string, references: string[], options: BleuOptions = {}): BleuScore {
  const opts = { effectiveOrder: true, ...options };
  return computeBleu(segmentStats(hypothesis, references, opts), opts);
}

/**
 * sacreBLEU `corpus_bleu(hypotheses, referenceSets)`: `referenceSets[j][i]` is the j-th
 * reference of segment i (sacreBLEU's layout).
 */
export function corpusBleu(
  hypotheses: string[],
  referenceSets: string[][],
  options: BleuOptions = {},
): BleuScore {
  const opts = { effectiveOrder: false, ...options };
  const sum = new Array<number>(2 + 2 * MAX_ORDER).fill(0);
  hypotheses.forEach((hyp, i) => {
    const refs = referenceSets.map((set) => set[i]).filter((r): r is string => typeof r === 'string');
    segmentStats(hyp, refs, opts).forEach((v, j) => {
      sum[j] = (sum[j] ?? 0) + v;
    });
  });
  return computeBleu(sum, opts);
}

const bleuParams = z
  .object({
    candidate: candidateParam,
    expected: z
      .string()
      .optional()
      .describe('Dotted path into example.expected: a reference string or an array of references'),
    tokenize: z
      .enum(['13a', 'none'])
      .default('13a')
      .describe("sacreBLEU tokenizer: '13a' (default) or 'none'"),
    lowercase: z.boolean().default(false).describe('Lowercase hypothesis and references'),
    smooth: z.enum(['exp', 'floor', 'add-k', 'none']).default('exp').describe('sacreBLEU smoothing method'),
    smooth_value: z
      .number()
      .optional()
      .describe('Smoothing value for floor (default 0.1) and add-k (default 1)'),
  })
  .strict();

export const bleu: ExampleStageDefinition<z.output<typeof bleuParams>> = {
  type: 'bleu',
  family: 'linguistic_fidelity',
  category: 'content',
  // 2: hypothesis and references NFC-normalised first (QA46)
  // 3: a list answer is its items' text, against a list expected the whole list (QA158)
  version: '3',
  higherIsBetter: true,
  unit: 'BLEU (0–100)',
  stage: 'example',
  description:
    "Sentence BLEU as sacreBLEU's sentence_bleu (13a, exp smoothing, effective order); score = BLEU/100",
  params: bleuParams,
  score(input, p) {
    // A list answer is its items' text, compared with a list expected as a whole (QA158).
    const path = expectedPathFor(input, p.expected, p.candidate);
    const { answer, references: refs } = answerAndReferences(input, path, p.candidate);
    if (refs === undefined) return metricError('no reference for this example');
    // NFC on both sides, as exact_match and contains read text: an NFD "Café" is the NFC one (QA46).
    const hyp = answer.normalize('NFC');
    const result = sentenceBleu(
      hyp,
      refs.map((r) => r.normalize('NFC')),
      {
        tokenize: p.tokenize,
        lowercase: p.lowercase,
        smooth: p.smooth,
        ...(p.smooth_value === undefined ? {} : { smoothValue: p.smooth_value }),
      },
    );
    return {
      score: clamp01(result.score / 100),
      value: result.score,
      details: { precisions: result.precisions, bp: result.bp, sysLen: result.sysLen, refLen: result.refLen },
    };
  },
};
