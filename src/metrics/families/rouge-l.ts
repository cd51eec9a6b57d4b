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
import { candidateText, expectedPathFor, referenceTexts, resolveCandidate } from '../resolve-fields.js';
import { metricError } from '../score-result.js';
import type { ExampleStageDefinition } from '../types.js';

export function rougeTokenize(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .split(/\s+/)
    .filter((t) => /^[a-z0-9]+$/.test(t));
}

export function lcsLength(a: readonly string[], b: readonly string[]): number {
  let prev = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i += 1) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j += 1) {
      row[j] = a[i - 1] === b[j - 1] ? (prev[j - 1] ?? 0) + 1 : Math.max(prev[j] ?? 0, row[j - 1] ?? 0);
    }
    prev = row;
  }
  return prev[b.length] ?? 0;
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
  version: '1',
  higherIsBetter: true,
  stage: 'example',
  description:
    "ROUGE-L F-measure (LCS) as Google's rouge-score rougeL with the default tokenizer; best over references",
  params: rougeParams,
  score(input, p) {
    const refs = referenceTexts(input, expectedPathFor(input, p.expected, p.candidate));
    if (refs === undefined) return metricError('no reference for this example');
    const prediction = candidateText(resolveCandidate(input.candidates, p.candidate));
    let best: RougeScore = { precision: 0, recall: 0, fmeasure: 0 };
    for (const ref of refs) {
      const s = rougeL(ref, prediction);
      if (s.fmeasure > best.fmeasure) best = s;
    }
    return { score: best.fmeasure, details: { precision: best.precision, recall: best.recall } };
  },
};
