/**
 * What README says of "did you mean" (QA166: it said a key is never suggested when it "shares no
 * letter in place" with the one written, and `rlu`, which shares none with `url`, gets `url`): a key
 * as many edits away as the written one has letters is never suggested, a nearer one is.
 */
import { expect, it } from 'vitest';
import { didYouMean } from '../../src/plan/suggest.js';

it('suggests a key fewer edits away than the written one has letters', () => {
  expect(didYouMean('rlu', ['url', 'headers'])).toBe('did you mean `url`?');
  expect(didYouMean('of', ['id', 'k'])).toBeUndefined();
  expect(didYouMean('xyz', ['url'])).toBeUndefined();
});
