/**
 * QA283: a CSV two tasks score — t1 reads expected.answer (public rows), t2 the hashed rows'
 * expected_sha256.answers — was warned in t1 'rename `answers` to `answer` in example b's
 * expected_sha256', advice that breaks t2: 82c1e53b left out of the rename the fields the group's own
 * metrics read, not another task's over the same dataset. A near name no task reads is still warned.
 */
import { expect, it } from 'vitest';
import { refExpectedHints as warnings } from './hashed-answers-plan.js';

it('offers no rename of a hash field another task reads over the same dataset', async () => {
  expect(await warnings('answers')).toEqual([]);
});

it('still offers it, in each task, when no task reads that field', async () => {
  const hint = "rename `answers` to `answer` in example b's expected_sha256, as the other examples have it";
  expect(await warnings('answer')).toEqual([hint, hint]);
});
