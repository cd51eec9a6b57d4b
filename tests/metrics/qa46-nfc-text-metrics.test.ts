/**
 * QA46: f1, bleu and rouge_l compared code points, so an agent that answered in NFD ("Cafe" +
 * U+0301, as macOS file names and some tokenizers give it) scored below 1 against the same text
 * in NFC, while exact_match and contains (NFC) called the two equal: f1 0.667, bleu 0.550,
 * rouge_l 0.667 for "Café au lait" (rouge-score's tokenizer keeps [a-z0-9] runs, so NFC "café"
 * is "caf" but NFD "café" is "cafe"). Candidate and references are now NFC-normalised first, and
 * the three metrics' versions are bumped (their scores change for such text).
 */
import { describe, expect, it } from 'vitest';
import { getMetricDefinition } from '../../src/metrics/registry.js';
import { scoreMetric } from '../../src/metrics/score-example.js';
import { metric, scoreInput } from './helpers.js';

const nfc = 'Café au lait chaud';
const nfd = nfc.normalize('NFD');

describe('text metrics read canonically equivalent text as the same text (QA46)', () => {
  it.each(['f1', 'bleu', 'rouge_l'])(
    '%s: an NFD answer against the NFC reference scores 1, and the reverse',
    async (type) => {
      expect(nfd).not.toBe(nfc);
      for (const [answer, reference] of [
        [nfd, nfc],
        [nfc, nfd],
      ]) {
        const r = await scoreMetric(
          metric({ type }),
          scoreInput({ candidates: { answer }, expected: { answer: reference } }),
        );
        // Hand-checked: the two texts are one text (4 identical tokens): F1 = 1, BLEU = 100/100, LCS F = 1.
        expect(r.score).toBeCloseTo(1, 12);
      }
    },
  );

  it('regex: a pattern written in NFC matches an NFD answer, and the reverse', async () => {
    for (const [answer, pattern] of [
      [nfd, '^Café au'],
      [nfc, '^Café au'.normalize('NFD')],
    ]) {
      const r = await scoreMetric(metric({ type: 'regex', pattern }), scoreInput({ candidates: { answer } }));
      expect(r.score).toBe(1);
    }
    expect(getMetricDefinition('regex')?.version).toBe('3'); // 3 since QA249
  });

  it('bumps the versions whose scores change (f1 3, bleu 2, rouge_l 2 — 4, 3, 3 since QA158)', () => {
    expect(getMetricDefinition('f1')?.version).toBe('6'); // 5 and 6 since QA249
    expect(getMetricDefinition('bleu')?.version).toBe('3');
    expect(getMetricDefinition('rouge_l')?.version).toBe('3');
  });
});
