/**
 * DESIGN §1: a change that cannot change a score must not re-score. An example's human_score
 * (judge_agreement reads it at aggregation) and tags are no input of any score step: relabelling
 * keeps every invoke and score key (the dataset's sha256 changes, so apply re-aggregates).
 */
import { describe, expect, it } from 'vitest';
import { changedSteps, compileFiles, stepKeys } from './plan-helpers.js';

const plan = (label: number, tags: string, answer = 'hi') => ({
  'evalc.yaml': `evalc: 1
benchmark: { id: labels, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
judges:
  j: { protocol: agent-eval, url: http://127.0.0.1:5005, rubric: r }
tasks:
  t:
    bindings:
      default:
        input: { query: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
      d: { source: d.jsonl }
    metrics:
      - { type: judge, judge: j }
      - { type: exact_match, candidate: answer, expected: answer }
      - { type: judge_agreement }
`,
  'd.jsonl': `{"id":"e1","vars":{"q":"hi"},"expected":{"answer":"${answer}"},"human_score":${label},"tags":${tags}}\n`,
});

describe('relabelling an example', () => {
  it('keeps its invoke and score keys (no re-judging), while an expected change re-scores', async () => {
    const before = stepKeys(await compileFiles(plan(0.2, '["a"]')));
    const relabelled = stepKeys(await compileFiles(plan(0.9, '["b"]')));
    expect(changedSteps(before, relabelled)).toEqual([]);
    // Control: the expected value is a score input, so it re-scores (and only scores).
    const expectedChanged = stepKeys(await compileFiles(plan(0.2, '["a"]', 'ho')));
    const changed = changedSteps(before, expectedChanged);
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.every((id) => id.startsWith('score/'))).toBe(true);
  });
});
