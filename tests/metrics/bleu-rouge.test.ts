import { describe, expect, it } from 'vitest';
import { corpusBleu, sentenceBleu, tokenize13a } from '../../src/metrics/families/bleu.js';
import { rougeL, rougeTokenize } from '../../src/metrics/families/rouge-l.js';
import { scoreMetric } from '../../src/metrics/score-example.js';
import { metric, scoreInput } from './helpers.js';

// sacreBLEU test/test_sentence_bleu.py (example from sacreBLEU issue #98), tolerance 1e-3.
const REF = 'producţia de zahăr brut se exprimă în zahăr alb;';
const SYS = 'Producția de zahăr primă va fi exprimată în ceea ce privește zahărul alb;';

describe('BLEU against sacreBLEU published values', () => {
  it.each([
    ['exp', undefined, '13a', 8.493],
    ['none', undefined, '13a', 0.0],
    ['floor', undefined, '13a', 4.51688],
    ['floor', 0.1, '13a', 4.51688],
    ['floor', 0.5, '13a', 10.1],
    ['add-k', undefined, '13a', 14.882],
    ['add-k', 1, '13a', 14.882],
    ['add-k', 2, '13a', 21.389],
    ['exp', undefined, 'none', 7.347],
  ] as const)('sentence_bleu smooth=%s value=%s tok=%s → %f', (smooth, smoothValue, tokenize, expected) => {
    const s = sentenceBleu(SYS, [REF], {
      smooth,
      tokenize,
      ...(smoothValue === undefined ? {} : { smoothValue }),
    });
    expect(Math.abs(s.score - expected)).toBeLessThan(1e-3);
  });

  it('scores 0 when nothing matches (sacreBLEU issue #141)', () => {
    for (const smooth of ['exp', 'none', 'floor', 'add-k'] as const) {
      expect(sentenceBleu('this is a cat', ['okay thanks'], { smooth }).score).toBe(0);
    }
  });

  it('reproduces the README corpus example: BLEU = 48.53 82.4/50.0/45.5/37.5 (BP = 0.943, 17/18)', () => {
    const refs = [
      ['The dog bit the man.', 'It was not unexpected.', 'The man bit him first.'],
      ['The dog had bit the man.', 'No one was surprised.', 'The man had bitten the dog.'],
    ];
    const sys = ['The dog bit the man.', "It wasn't surprising.", 'The man had just bitten him.'];
    const s = corpusBleu(sys, refs);
    expect(s.score.toFixed(2)).toBe('48.53');
    expect(s.precisions.map((p) => p.toFixed(1))).toEqual(['82.4', '50.0', '45.5', '37.5']);
    expect(s.bp.toFixed(3)).toBe('0.943');
    expect([s.sysLen, s.refLen]).toEqual([17, 18]);
  });

  it('tokenizes like mteval-v13a: punctuation split, digits keep their separators', () => {
    // The 13a class [{-~[-` -&(-+:-@/] covers 0x20–0x26 and 0x28–0x2B: the apostrophe (0x27) is
    // not split, so "wasn't" stays one token (17 hypothesis tokens in the README example).
    expect(tokenize13a("It wasn't surprising.")).toBe("It wasn't surprising .");
    expect(tokenize13a('costs 1,000.50 in 2019-2020')).toBe('costs 1,000.50 in 2019 - 2020');
  });

  it('bleu metric divides by 100 and takes several references', async () => {
    const m = metric({ type: 'bleu', expected: 'refs' });
    // identical to the second reference → BLEU 100
    const r = await scoreMetric(
      m,
      scoreInput({
        candidates: { answer: 'the cat sat on the mat' },
        expected: { refs: ['a dog', 'the cat sat on the mat'] },
      }),
    );
    expect(r.score).toBeCloseTo(1, 12);
    expect(r.value).toBeCloseTo(100, 10);
  });
});

describe('ROUGE-L against google-research rouge_score tests', () => {
  it('testRougeLConsecutive / NonConsecutive: P = 1, R = 2/3, F = 4/5', () => {
    for (const prediction of ['testing one', 'testing two']) {
      const s = rougeL('testing one two', prediction);
      expect(s.precision).toBeCloseTo(1, 12);
      expect(s.recall).toBeCloseTo(2 / 3, 12);
      expect(s.fmeasure).toBeCloseTo(4 / 5, 12);
    }
  });

  it('testRougeEmpty: an empty prediction scores 0', () => {
    expect(rougeL('testing one two', '')).toEqual({ precision: 0, recall: 0, fmeasure: 0 });
  });

  it('testRougeLAgainstRouge155: matches ROUGE-1.5.5 on the testdata lines (5 places)', () => {
    // rouge/testdata/target.txt and prediction.txt, lines 1 and 2.
    const targets = [
      "ZfbCUIUuePaiLVUlCaUXxkpu XPeWing tUHfPMuZ',-Xd Y BrUgVJing M-HV.-DgdDaY.rFDJCRing Ht-LM EKBDXkME,yz'RBr q'wtion wIojNbN wL,b .a-'XdQggyFl jB-RPP'iyOIcUxer tKM L",
      "KsJdPByEtAor fE-Qg Dpdbring cw-WeFyu vC MoBL Xdn g wkvcEiGvKtion BDFhrpMtion psing sbKao Q m qiing LMmer HqqLFXe,XPY,J XsurkMer ,ed nB'wH'bWVHjWFEing tQ.saefZwJtKrTlixYpMMsJing UCAPwNHeYVjDing c T BUySKtion gMPfJpwGw p'NvxAoping eu pBwMBKV'I DNxqelhu,PHPxDEq,mtion SN",
    ];
    const predictions = [
      "rFDJCRtion Ht-LM EKtDXkME,yz'RBr q'wer wrojNbN wL,b .a-'XdQggyFl jB-RPP'iyOIcUxi",
      "n cw-WeFyu vC MoBL Xdn g wkvcEiGvKtion BDFhrpMer pstion sbKao Q m qier LMmed HqqLFXe,XPY,J XsurkMeo ,ed nB'wH'bWVHjWFEer tQ.saefZwJtKrTlixYpMMNJtion UCAPwNHeYVjD",
    ];
    const expected = [
      [0.40741, 0.6875, 0.51163],
      [0.40476, 0.65385, 0.5],
    ];
    targets.forEach((t, i) => {
      const s = rougeL(t, predictions[i] ?? '');
      const [r, p, f] = expected[i] ?? [];
      expect(s.recall).toBeCloseTo(r ?? Number.NaN, 5);
      expect(s.precision).toBeCloseTo(p ?? Number.NaN, 5);
      expect(s.fmeasure).toBeCloseTo(f ?? Number.NaN, 5);
    });
  });

  it('tokenizes like rouge_score: lowercase, non-alphanumerics are separators', () => {
    expect(rougeTokenize("It's 2 O'Clock—now!")).toEqual(['it', 's', '2', 'o', 'clock', 'now']);
  });

  it('rouge_l metric takes the best F over references', async () => {
    const r = await scoreMetric(
      metric({ type: 'rouge_l' }),
      scoreInput({ candidates: { answer: 'testing one' }, expected: ['nothing alike', 'testing one two'] }),
    );
    expect(r.score).toBeCloseTo(0.8, 12);
  });
});
