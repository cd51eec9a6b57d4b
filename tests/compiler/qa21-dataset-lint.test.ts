/**
 * QA21: dataset lint on datasets of realistic size. Duplicate inputs and labels are grouped in
 * linear time (50,000 examples with one input took 74 s), leaking answers are one finding with
 * every example rather than one line per example, and messages name at most ten ids.
 */
import { describe, expect, it } from 'vitest';
import { lintDataset } from '../../src/metrics/lint-dataset.js';

describe('dataset lint at scale (QA21)', () => {
  it('groups 20,000 examples with one input and one label quickly', () => {
    const examples = Array.from({ length: 20_000 }, (_, i) => ({
      id: `e${i}`,
      vars: { q: 'same question' },
      expected: i % 10 === 0 ? 'no' : 'yes',
    }));
    const started = performance.now();
    const findings = lintDataset(examples);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(findings.map((f) => [f.code, f.examples.length, f.message])).toEqual([
      [
        'EVALC_LINT_DUPLICATE_INPUT',
        20_000,
        '20000 examples have the same input (vars, turns, tools, policies, human)',
      ],
      ['EVALC_LINT_LABEL_IMBALANCE', 18_000, 'label "yes" is 90% of 20000 scalar expected values'],
    ]);
  });

  it('reports leaking answers as one finding with every example', () => {
    const examples = Array.from({ length: 12 }, (_, i) => ({
      id: `e${i}`,
      vars: { q: `is the answer Paris${i}?` },
      expected: `Paris${i}`,
    }));
    const findings = lintDataset(examples);
    expect(findings.map((f) => [f.code, f.examples.length, f.message])).toEqual([
      ['EVALC_LINT_EXPECTED_LEAK', 12, '12 examples: the expected answer appears in their input'],
    ]);
    const few = lintDataset(examples.slice(0, 2));
    expect(few.map((f) => f.message)).toEqual([
      '2 examples: the expected answer appears in their input: e0, e1',
    ]);
  });
});

describe('expected_sha256 values that can never match (QA21)', () => {
  const sha = 'ab'.repeat(32);
  it('finds an MD5, a number and a short copy, once per dataset, naming the first', () => {
    const findings = lintDataset([
      { id: 'a', vars: { q: 'a' }, expected_sha256: { answer: sha, nested: { deep: sha.toUpperCase() } } },
      { id: 'b', vars: { q: 'b' }, expected_sha256: { answer: 'cd'.repeat(16) } },
      { id: 'c', vars: { q: 'c' }, expected_sha256: 42 },
      { id: 'd', vars: { q: 'd' }, expected_sha256: `sha256:${sha}` },
      { id: 'e', vars: { q: 'e' }, expected_sha256: `${sha}  -` },
    ]);
    expect(findings.map((f) => [f.code, f.examples, f.message])).toEqual([
      [
        'EVALC_LINT_EXPECTED_HASH',
        ['b', 'c'],
        '2 example(s) have an expected_sha256 that is not a sha256 (64 hex digits) and can never match, e.g. b: expected_sha256.answer is 32 hex digits (an MD5?)',
      ],
    ]);
  });
});
