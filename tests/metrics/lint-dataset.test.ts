import { describe, expect, it } from 'vitest';
import { lintDataset } from '../../src/metrics/lint-dataset.js';

describe('lintDataset', () => {
  it('finds duplicate ids and inputs, empty expected values and leaks', () => {
    const findings = lintDataset([
      { id: 's1', vars: { q: 'intro ML' }, expected: { codes: ['CS229'] } },
      { id: 's2', vars: { q: 'intro  ml' }, expected: { codes: ['CS230'] } },
      { id: 's3', vars: { q: 'intro ML' }, expected: { codes: [] } },
      { id: 's3', vars: { q: 'Is CS101 the answer?' }, expected: 'cs101' },
      { id: 's5', vars: { q: 'hashed' }, expected_sha256: 'ab'.repeat(32) },
    ]);
    expect(findings.map((f) => [f.code, f.examples])).toEqual([
      ['EVALC_LINT_DUPLICATE_ID', ['s3']],
      ['EVALC_LINT_DUPLICATE_INPUT', ['s1', 's3']],
      ['EVALC_LINT_EMPTY_EXPECTED', ['s3']],
      ['EVALC_LINT_EXPECTED_LEAK', ['s3']],
    ]);
  });

  it('warns when every example weighs 0, not when some do', () => {
    const zero = lintDataset([
      { id: 'a', vars: { q: 'x' }, expected: 'x', weight: 0 },
      { id: 'b', vars: { q: 'y' }, expected: 'y', weight: 0 },
    ]);
    expect(zero.map((f) => [f.code, f.severity, f.examples])).toEqual([
      ['EVALC_LINT_ZERO_WEIGHT', 'warning', ['a', 'b']],
    ]);
    const some = lintDataset([
      { id: 'a', vars: { q: 'x' }, expected: 'x', weight: 0 },
      { id: 'b', vars: { q: 'y' }, expected: 'y' },
    ]);
    expect(some).toEqual([]);
  });

  it('treats turns and tool sandboxes as part of the input', () => {
    const findings = lintDataset([
      { id: 'a', vars: {}, turns: ['hi'], expected: 'x1234' },
      { id: 'b', vars: {}, turns: ['hello'], expected: 'x1234' },
      { id: 'c', vars: {}, turns: ['hello'], tools: { t: { output: 1 } }, expected: 'x1234' },
    ]);
    expect(findings).toEqual([]);
  });

  it('skips the expected check for judge-only datasets and short values for leaks', () => {
    expect(
      lintDataset(
        [
          { id: 'a', vars: { q: 'yes or no?' }, expected: 'yes' },
          { id: 'b', vars: {} },
        ],
        { requireExpected: false },
      ),
    ).toEqual([]);
  });

  it('reports label imbalance among scalar expected values', () => {
    const examples = Array.from({ length: 10 }, (_, i) => ({
      id: `e${i}`,
      vars: { i },
      expected: i < 9 ? 'safe' : 'unsafe',
    }));
    const [f] = lintDataset(examples);
    expect(f).toMatchObject({
      code: 'EVALC_LINT_LABEL_IMBALANCE',
      message: 'label "safe" is 90% of 10 scalar expected values',
    });
    expect(lintDataset(examples.slice(0, 9))).toEqual([]);
  });
});
