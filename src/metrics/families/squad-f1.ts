/**
 * SQuAD v1.1 answer normalisation and token F1 (the official evaluate-v1.1.py):
 * lowercase → remove ASCII punctuation → remove articles (a, an, the) → collapse whitespace;
 * F1 over the multiset intersection of tokens. When either side has no tokens, F1 is 1 if both
 * are empty, else 0 (SQuAD v2 convention).
 */

const ASCII_PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;

/**
 * Python 3's `re` (which evaluate-v1.1.py runs under) has Unicode word boundaries: "piña" keeps
 * its "a", "Ωthe" its "the". JavaScript's `\b` is ASCII-only and removed them. A word character
 * is a letter, a number or `_` (Python's str.isalnum() or "_").
 */
const ARTICLES = /(?<![\p{L}\p{N}_])(?:a|an|the)(?![\p{L}\p{N}_])/gu;

export function normalizeAnswer(text: string): string {
  return text
    .toLowerCase()
    .replace(ASCII_PUNCTUATION, '')
    .replace(ARTICLES, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .join(' ');
}

/**
 * The answers F1 compares with, as SQuAD v2's evaluate script picks them: those with tokens once
 * normalised, and none left (an empty list, `expected: []`) the empty answer, which only an empty
 * answer matches (`[]` against `[]` scores 1, anything else 0). It was a metric_error (QA37) where
 * exact_match scored `[]` against `[]` 1 (QA249).
 */
export function squadGolds(golds: string[]): string[] {
  const answered = golds.filter((g) => normalizeAnswer(g) !== '');
  return answered.length > 0 ? answered : [''];
}

export interface F1Detail {
  f1: number;
  precision: number;
  recall: number;
}

export function squadF1(prediction: string, gold: string): F1Detail {
  const p = normalizeAnswer(prediction).split(' ').filter(Boolean);
  const g = normalizeAnswer(gold).split(' ').filter(Boolean);
  if (p.length === 0 || g.length === 0) {
    const same = p.length === g.length ? 1 : 0;
    return { f1: same, precision: same, recall: same };
  }
  const counts = new Map<string, number>();
  for (const t of g) counts.set(t, (counts.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of p) {
    const left = counts.get(t) ?? 0;
    if (left > 0) {
      common += 1;
      counts.set(t, left - 1);
    }
  }
  if (common === 0) return { f1: 0, precision: 0, recall: 0 };
  const precision = common / p.length;
  const recall = common / g.length;
  return { f1: (2 * precision * recall) / (precision + recall), precision, recall };
}
