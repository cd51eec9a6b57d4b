/**
 * QA175: an answer of −1.7e308 against an expected 1.7e308 is a distance of 3.4e308, beyond a
 * double's range: |c − e| is Infinity, which no lock records, and the example's absolute error was
 * left out of the `numeric (value)` mean in silence (score 0, no value, no error: the mean of the
 * others read as every example's). It now scores 0 — surely outside any tolerance — with a
 * `metric_error` naming the overflow, so the lock row, the aggregate's `errors` and the reports say
 * which example has no value, and why.
 */
import { describe, expect, it } from 'vitest';
import { rollupRepeats } from '../../src/metrics/rollup-repeats.js';
import { scoreMetric } from '../../src/metrics/score-example.js';
import { metric, scoreInput } from './helpers.js';

describe('numeric: an absolute error beyond a double (QA175)', () => {
  const m = metric({ type: 'numeric' });

  it('scores 0 and records a metric_error naming the overflow', async () => {
    const r = await scoreMetric(m, scoreInput({ candidates: { answer: -1.7e308 }, expected: 1.7e308 }));
    expect(r.score).toBe(0);
    expect(r.pass).toBe(false);
    expect(r.value).toBeUndefined();
    expect(r.error?.kind).toBe('metric_error');
    expect(r.error?.message).toBe(
      "the absolute error |-1.7e+308 − 1.7e+308| is beyond a double's range (above 1.8e308): no value recorded",
    );
  });

  it('the example counts one error beside its score 0, as the aggregate reads it', async () => {
    const r = await scoreMetric(m, scoreInput({ candidates: { answer: '-1.7e308' }, expected: 1.7e308 }));
    const outcome = rollupRepeats({
      example: { id: 'e1', weight: 1 },
      metrics: [m],
      repeats: [{ repeat: 0, candidates: {}, results: { [m.id]: r }, pass: false }],
    });
    expect(outcome.metrics[m.id]).toMatchObject({ score: 0, errors: 1, pass: false });
    expect(outcome.metrics[m.id]?.value).toBeUndefined();
  });

  it('a large but finite distance keeps its value and no error', async () => {
    const r = await scoreMetric(m, scoreInput({ candidates: { answer: -8e307 }, expected: 8e307 }));
    expect(r).toMatchObject({ score: 0, pass: false, value: 1.6e308 });
    expect(r.error).toBeUndefined();
  });
});

describe('numeric: a missing expected value (QA175)', () => {
  const m = metric({ type: 'numeric' });

  it('is said to be missing, not "not a number" as a text is', async () => {
    const none = await scoreMetric(m, scoreInput({ candidates: { answer: 3 }, expected: undefined }));
    expect(none.error?.message).toBe('no expected value for this example');
    const hashed = await scoreMetric(
      m,
      scoreInput({ candidates: { answer: 3 }, expected: undefined, expectedSha256: { answer: 'ab' } }),
    );
    expect(hashed.error?.message).toBe(
      'no expected value for this example (expected_sha256 is a hash: numeric needs the number)',
    );
    const text = await scoreMetric(m, scoreInput({ candidates: { answer: 3 }, expected: 'NaN' }));
    expect(text.error?.message).toBe('expected value is not a number');
  });
});

describe('numeric: no candidate to compare (QA175)', () => {
  it('scores 0, as README says a binding without an answer output does, not an error about the expected value', async () => {
    const m = metric({ type: 'numeric' });
    // A mae agent's binding without output: (its candidates are empty), expected { answer: "42" }.
    const r = await scoreMetric(m, scoreInput({ candidates: {}, expected: { answer: '42' } }));
    expect(r.error).toBeUndefined();
    expect(r).toMatchObject({ score: 0, pass: false });
    expect(r.value).toBeUndefined();
    // Two outputs, none named answer: nothing to compare either.
    const two = await scoreMetric(m, scoreInput({ candidates: { a: 42, b: 42 }, expected: { answer: 42 } }));
    expect(two).toMatchObject({ score: 0, pass: false });
    expect(two.error).toBeUndefined();
  });
});
