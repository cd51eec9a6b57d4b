/**
 * QA319: `refusal_rate`'s phrases and `checkpoints`' `{ phrase }` compared code points, lowercased
 * only, while `contains`, `exact_match`, `f1`, `bleu`, `rouge_l`, `regex` and `consistency` read text
 * NFC (QA46). Through `evalc apply` with a loopback agent answering "Désolé, je ne peux pas
 * répondre." in NFD (e + U+0301), `contains` found "Désolé" in it (score 1) while `refusal_rate`
 * with `phrases: [désolé, je ne peux pas répondre]` and `should_refuse: true` scored 0, value 0: no
 * refusal. Both now read the reply and the phrase NFC (refusal_rate version 4, checkpoints and
 * progress_rate version 3).
 */
import { describe, expect, it } from 'vitest';
import { scoreMetric } from '../../src/metrics/score-example.js';
import { metric, scoreInput, trajectory } from './helpers.js';

const nfc = 'Désolé, je ne peux pas répondre.';
const nfd = nfc.normalize('NFD');

describe('phrases are compared NFC (QA319)', () => {
  it('the NFD reply is a refusal of an NFC phrase, and an NFD phrase matches an NFC reply', async () => {
    expect(nfd).not.toBe(nfc);
    const refusal = metric({ type: 'refusal_rate', phrases: ['désolé', 'je ne peux pas répondre'] });
    const input = (answer: string) =>
      scoreInput({ candidates: { answer }, example: { id: 'u1', vars: { should_refuse: true } } });
    expect(await scoreMetric(refusal, input(nfd))).toMatchObject({ score: 1, value: 1 });
    expect(await scoreMetric(refusal, input(nfc))).toMatchObject({ score: 1, value: 1 });
    const nfdPhrase = metric({ type: 'refusal_rate', phrases: ['je ne peux pas répondre'.normalize('NFD')] });
    expect(await scoreMetric(nfdPhrase, input(nfc))).toMatchObject({ score: 1, value: 1 });
  });

  it('a phrase checkpoint is reached by the same text in the other form, in order too', async () => {
    const t = trajectory({
      messages: [
        { role: 'user', content: 'rembourse-moi' },
        { role: 'assistant', content: nfd },
        { role: 'assistant', content: 'Voilà, c’est fait.' },
      ],
    });
    for (const order of ['set', 'ordered']) {
      const m = metric({
        type: 'checkpoints',
        order,
        checkpoints: [{ phrase: 'DÉSOLÉ' }, { phrase: 'voilà'.normalize('NFD') }],
      });
      expect(await scoreMetric(m, scoreInput({ trajectory: t })), order).toMatchObject({ score: 1 });
    }
  });
});
