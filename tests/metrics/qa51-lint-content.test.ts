/**
 * QA51: dataset lint's content checks. A leak is the expected answer as whole words of the input
 * (`ship` is not in `relationship`, `Paris` not in `Comparison`), the options of a multiple-choice
 * list are no leak, and label imbalance counts the scalar fields of mapping expected values
 * (DESIGN §2's datasets write `expected: {label: …}`), not only scalar expected values.
 */
import { describe, expect, it } from 'vitest';
import { lintDataset } from '../../src/metrics/lint-dataset.js';
import { metricReadsExpected } from '../../src/metrics/reads-expected.js';

const codes = (examples: Parameters<typeof lintDataset>[0]) =>
  lintDataset(examples).map((f) => [f.code, f.examples]);

describe('expected answers leaking into inputs (QA51)', () => {
  it('does not flag an answer found inside a longer word', () => {
    expect(
      codes([
        { id: 'a', vars: { q: 'Compare the relationship between the two' }, expected: { label: 'ship' } },
        { id: 'b', vars: { q: 'Comparison of European capitals' }, expected: { label: 'Paris' } },
        { id: 'c', vars: { q: 'What is 12345 + 1?' }, expected: { answer: '2345' } },
      ]),
    ).toEqual([]);
  });

  it('still flags whole words, at any punctuation, and CJK text without spaces', () => {
    expect(
      codes([
        { id: 'a', vars: { q: 'Is Paris the capital of France?' }, expected: { answer: 'paris' } },
        { id: 'b', vars: { q: 'the answer: "New Delhi".' }, expected: 'New Delhi' },
        { id: 'c', vars: { q: '東京は日本の首都ですか' }, expected: '日本の首都' },
        { id: 'd', vars: {}, turns: ['hello', 'my code is X-1234!'], expected: 'x-1234' },
      ]),
    ).toEqual([['EVALC_LINT_EXPECTED_LEAK', ['a', 'b', 'c', 'd']]]);
  });

  it('treats the options of a multiple-choice list as no leak, the question as one', () => {
    expect(
      codes([
        {
          id: 'a',
          vars: { q: 'Capital of France?', choices: ['Paris', 'London', 'Rome'] },
          expected: 'Paris',
        },
        { id: 'b', vars: { q: 'Pick the prime', choices: [4, 7919, 10] }, expected: { answer: 7919 } },
        { id: 'c', vars: { q: 'Is it Lyon or Paris?', choices: ['Paris', 'Lyon'] }, expected: 'Paris' },
      ]),
    ).toEqual([['EVALC_LINT_EXPECTED_LEAK', ['c']]]);
  });
});

describe('extractive QA passages (QA51)', () => {
  const context =
    'The Normans were the people who in the 10th and 11th centuries gave their name to Normandy, a region in France. ' +
    'They were descended from Norse raiders and pirates from Denmark, Iceland and Norway who, under their leader Rollo, ' +
    'agreed to swear fealty to King Charles III of West Francia.';

  it('does not search a long context for its short answer, but still the question', () => {
    expect(
      codes([
        {
          id: 'a',
          vars: { context, question: 'In what country is Normandy located?' },
          expected: { answer: 'France' },
        },
        { id: 'b', vars: { context, question: 'Who led the Norse, Rollo?' }, expected: { answer: 'Rollo' } },
      ]),
    ).toEqual([['EVALC_LINT_EXPECTED_LEAK', ['b']]]);
  });
});

describe('label imbalance of mapping expected values (QA51)', () => {
  const examples = Array.from({ length: 20 }, (_, i) => ({
    id: `s${i}`,
    vars: { review: `review ${i}` },
    expected: { label: i % 10 === 0 ? 'negative' : 'positive', note: `free text ${i}` },
  }));

  it('reports the field whose one value is most of the labels, and not a free-text field', () => {
    const findings = lintDataset(examples);
    expect(findings.map((f) => [f.code, f.severity, f.message, f.examples.length])).toEqual([
      ['EVALC_LINT_LABEL_IMBALANCE', 'info', 'expected.label "positive" is 90% of 20 labels', 18],
    ]);
  });

  it('says nothing of a balanced field', () => {
    const balanced = examples.map((e, i) => ({ ...e, expected: { label: i % 2 ? 'a' : 'b' } }));
    expect(lintDataset(balanced)).toEqual([]);
  });
});

describe('expected values missing where a metric reads them (QA51)', () => {
  it('flags an example without the path a metric reads, not one whose value there is an empty list', () => {
    const findings = lintDataset(
      [
        { id: 'a', vars: { q: 'a' }, expected: { answer: 'x', codes: ['C1'] } },
        { id: 'b', vars: { q: 'b' }, expected: { codes: ['C2'] } },
        { id: 'c', vars: { q: 'c' }, expected: { answer: 'y', codes: [] } },
        {
          id: 'd',
          vars: { q: 'd' },
          expected: { codes: ['C3'] },
          expected_sha256: { answer: 'ab'.repeat(32) },
        },
      ],
      { expectedPaths: ['answer', 'codes'] },
    );
    expect(findings.map((f) => [f.code, f.message])).toEqual([
      [
        'EVALC_LINT_EMPTY_EXPECTED',
        '1 example(s) have an empty expected value and no expected_sha256 (1 lack expected.answer, which a metric reads): b',
      ],
    ]);
  });
});

describe('duplicate inputs are what an agent is given (QA51)', () => {
  it('finds the same question under two categories, not two questions with the same category', () => {
    const findings = lintDataset([
      { id: 'a', vars: { q: 'What is 2 + 2?' }, expected: '4', category: 'math', difficulty: 'easy' },
      { id: 'b', vars: { q: 'What is 2 + 2?' }, expected: '4', category: 'arithmetic', notes: 'copy' },
      { id: 'c', vars: { q: 'What is 3 + 3?' }, expected: '6', category: 'math' },
      { id: 'd', vars: { q: 'What is 3 + 3?' }, tools: { calc: { output: 6 } }, expected: '6' },
    ]);
    expect(findings.map((f) => [f.code, f.examples, f.message])).toEqual([
      [
        'EVALC_LINT_DUPLICATE_INPUT',
        ['a', 'b'],
        '2 examples have the same input (vars, turns, tools, policies, human): a, b',
      ],
    ]);
  });
});

describe('metrics that read expected values (QA51)', () => {
  it('knows the comparing metrics, their overriding params and vars paths', () => {
    expect(metricReadsExpected('exact_match', {})).toBe(true);
    expect(metricReadsExpected('exact_match', { expected: 'vars.gold' })).toBe(false);
    expect(metricReadsExpected('contains', { value: 'refund' })).toBe(false);
    expect(metricReadsExpected('contains', {})).toBe(true);
    expect(metricReadsExpected('judge', { judge: 'j' })).toBe(false);
    expect(metricReadsExpected('judge', { judge: 'j', reference: 'answer' })).toBe(true);
    expect(metricReadsExpected('pass_rate', {})).toBe(false);
    expect(metricReadsExpected('tool_call_match', { calls: [] })).toBe(false);
  });
});
