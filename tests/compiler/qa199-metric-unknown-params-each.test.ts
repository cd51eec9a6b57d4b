/**
 * QA199: a metric with two unknown parameters named the first only ('Unrecognized keys: "a", "b"'
 * was read up to its first key): the second said nothing until the first was fixed, and a key
 * holding ', ' or '"' was cut at it (`judge_config."a`).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

const text = `evalc: 1
benchmark: { id: params }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
judges:
  j: { protocol: openai, url: http://127.0.0.1:11434/v1, model: m }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.a } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { a: x } } ] }
    metrics:
      - { type: contains, expected: a, ignor_case: true, ignore_whitespce: true }
      - { type: judge, judge: j, content: "{{candidate.answer}}", judge_config: { judge_rubrc: x, "a, b": 1, 'q"x': 2 } }
`;

describe("a metric's unknown parameters", () => {
  it('are each named, with their own hint', async () => {
    const dir = writeFiles({ 'evalc.yaml': text }, 'evalc-qa199-params-');
    const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
    expect(
      result.diagnostics
        .filter((d) => d.code === 'EVALC_METRIC_PARAM_UNKNOWN')
        .map((d) => [d.message, d.hint, d.source?.col]),
    ).toEqual([
      ['contains: unknown key `ignor_case`', 'did you mean `ignore_case`?', 40],
      ['contains: unknown key `ignore_whitespce`', 'did you mean `ignore_whitespace`?', 58],
      [
        'judge: unknown key `judge_config.judge_rubrc`',
        'did you mean `judge_rubric`? (judge_config takes: `judge_provider`, `judge_model`, `judge_temperature`, `judge_rubric`)',
        83,
      ],
      [
        'judge: unknown key `judge_config.a, b`',
        'judge_config takes: `judge_provider`, `judge_model`, `judge_temperature`, `judge_rubric`',
        99,
      ],
      [
        'judge: unknown key `judge_config.q"x`',
        'judge_config takes: `judge_provider`, `judge_model`, `judge_temperature`, `judge_rubric`',
        110,
      ],
    ]);
  });
});
