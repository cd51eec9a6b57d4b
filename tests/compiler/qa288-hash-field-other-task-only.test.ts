/**
 * QA288 (0d1f1c82's case under `--only`): a CSV two tasks score — t1 reads expected.answer (public
 * rows), t2 the hashed rows' expected_sha256.answers — is not told in t1 to 'rename `answers` to
 * `answer`', advice that breaks t2. `plan --only t1` still offered it: the groups `--only` left out
 * were not built, so the fields t2 reads were not seen. A near name no task reads is still warned.
 */
import { expect, it } from 'vitest';
import { refExpectedHints as hints } from './hashed-answers-plan.js';

it.each([['t1'], ['t1/d']])(
  'offers no rename of a field the task --only %s leaves out reads',
  async (only) => {
    expect(await hints('answers', only)).toEqual([]);
  },
);

it('still offers it under --only when no task reads that field', async () => {
  expect(await hints('answer', 't1')).toEqual([
    "rename `answers` to `answer` in example b's expected_sha256, as the other examples have it",
  ]);
});
