/**
 * ROUGE-L as google-research `rouge_score` computes `rougeL` (rouge_scorer.py, tokenize.py)
 * with its default tokenizer and no stemmer: lowercase, replace every run of characters
 * outside [a-z0-9] with a space, split on whitespace; LCS length over token sequences;
 * precision = LCS/|prediction|, recall = LCS/|target|, F = 2PR/(P+R); 0 when either side is
 * empty. With several references the best F-measure wins (rouge_score `score_multi`).
 * The Porter stemmer option (`use_stemmer`) is not implemented.
 */
import { z } from 'zod';
import { candidateParam } from '../params.js';
import { answerAndReferences, expectedPathFor } from '../resolve-fields.js';
import { metricError } from '../score-result.js';
import type { ExampleStageDefinition } from '../types.js';

export function rougeTokenize(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .split(/\s+/)
    .filter((t) => /^[a-z0-9]+$/.test(t));
}

/**
 * Length of the longest common subsequence of two token lists, exactly as the dynamic programme
 * of rouge_score, computed bit-parallel (Crochemore et al. 2001; Hyyrö 2004): the shorter list is
 * a bit vector, one machine word per 32 tokens, and each token of the longer list updates it with
 * `V = (V + (V & M)) | (V & ~M)`, M being where that token occurs in the shorter list; the LCS is
 * the number of zero bits. The table row by row took 40 s for three agent replies of 0.25–1 MB
 * against a 20 KB reference (0.2 s now); a 5 MB reply against 100 KB would have taken minutes.
 */
export function lcsLength(a: readonly string[], b: readonly string[]): number {
  const [long, short] = a.length >= b.length ? [a, b] : [b, a];
  const m = short.length;
  if (m === 0) return 0;
  const words = Math.ceil(m / 32);
  const masks = new Map<string, Uint32Array>();
  for (let j = 0; j < m; j += 1) {
    const token = short[j] as string;
    let mask = masks.get(token);
    if (mask === undefined) {
      mask = new Uint32Array(words);
      masks.set(token, mask);
    }
    mask[j >>> 5] = ((mask[j >>> 5] ?? 0) | (1 << (j & 31))) >>> 0;
  }
  const v = new Uint32Array(words).fill(0xffffffff);
  for (const token of long) {
    const mask = masks.get(token);
    if (mask === undefined) continue; // no match: V is unchanged
    let carry = 0;
    for (let w = 0; w < words; w += 1) {
      const vw = v[w] ?? 0;
      const mw = mask[w] ?? 0;
      const u = (vw & mw) >>> 0;
      const sum = vw + u + carry;
      carry = sum > 0xffffffff ? 1 : 0;
      v[w] = ((sum >>> 0) | (vw & ~mw)) >>> 0;
    }
  }
  let lcs = 0;
  for (let j = 0; j < m; j += 1) if ((((v[j >>> 5] ?? 0) >>> (j & 31)) & 1) === 0) lcs += 1;
  return lcs;
}

export interface RougeScore {
  precision: number;
  recall: number;
  fmeasure: number;
}

/** rouge_score `RougeScorer(['rougeL']).score(target, prediction)['rougeL']`. */
export function rougeL(target: string, prediction: string): RougeScore {
  const t = rougeTokenize(target);
  const p = rougeTokenize(prediction);
  if (t.length === 0 || p.length === 0) return { precision: 0, recall: 0, fmeasure: 0 };
  const lcs = lcsLength(t, p);
  const precision = lcs / p.length;
  const recall = lcs / t.length;
  const fmeasure = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, fmeasure };
}

const rougeParams = z
  .object({
    candidate: candidateParam,
    expected: z
      .string()
      .optional()
      .describe('Dotted path into example.expected: a reference string or an array of references'),
  })
  .strict();

export const rougeLMetric: ExampleStageDefinition<z.output<typeof rougeParams>> = {
  type: 'rouge_l',
  family: 'linguistic_fidelity',
  category: 'content',
  // 2: prediction and references NFC-normalised first (QA46)
  // 3: a list answer is its items' text, against a list expected the whole list (QA158)
  version: '3',
  higherIsBetter: true,
  stage: 'example',
  description:
    "ROUGE-L F-measure (LCS) as Google's rouge-score rougeL with the default tokenizer; best over references",
  params: rougeParams,
  score(input, p) {
    // A list answer is its items' text, compared with a list expected as a whole (QA158).
    const path = expectedPathFor(input, p.expected, p.candidate);
    const { answer, references: refs } = answerAndReferences(input, path, p.candidate);
    if (refs === undefined) return metricError('no reference for this example');
    // NFC on both sides, as exact_match and contains read text: NFD "café" was "cafe", NFC "caf" (QA46).
    const prediction = answer.normalize('NFC');
    let best: RougeScore = { precision: 0, recall: 0, fmeasure: 0 };
    for (const ref of refs) {
      const s = rougeL(ref.normalize('NFC'), prediction);
      if (s.fmeasure > best.fmeasure) best = s;
    }
    return { score: best.fmeasure, details: { precision: best.precision, recall: best.recall } };
  },
};
