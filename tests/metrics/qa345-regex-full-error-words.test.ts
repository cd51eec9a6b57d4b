/**
 * QA345: a regex metric with `full: true` whose pattern does not compile quoted the pattern evalc
 * wraps it in, 'invalid regular expression: /^(?:ready()$/: Unterminated group', a pattern the
 * user never wrote (validate, and the metric_error of a pattern the dataset holds); and an unknown
 * flag was said at `pattern:` beside a pattern that compiles. The pattern is quoted as written, the
 * flag said at `flags:`.
 */
import { describe, expect, it } from 'vitest';
import { scoreMetric } from '../../src/metrics/score-example.js';
import { oneTaskPlanYaml, planDiagnostics } from '../compiler/plan-helpers.js';
import { metric, scoreInput } from './helpers.js';

const errors = async (metrics: string) =>
  (await planDiagnostics(oneTaskPlanYaml(metrics)))
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.path.at(-1)} ${d.message}`);

describe("a regex metric's pattern that does not compile", () => {
  it('is quoted as written with full: true', async () => {
    expect(await errors('[ { type: regex, pattern: "ready(", full: true } ]')).toEqual([
      'pattern regex: pattern: invalid regular expression: /ready(/: Unterminated group',
    ]);
    const r = await scoreMetric(
      metric({ type: 'regex', expected: 'pattern', full: true }),
      scoreInput({ candidates: { answer: 'x' }, expected: { pattern: 'ab(' } }),
    );
    expect(r.error?.message).toBe('invalid regular expression: /ab(/: Unterminated group');
  });

  it('says an unknown flag at flags:', async () => {
    expect(await errors('[ { type: regex, pattern: "x", flags: "z" } ]')).toEqual([
      "flags regex: flags: invalid regular expression: Invalid flags supplied to RegExp constructor 'z'",
    ]);
  });

  it('still matches the whole text with full: true', async () => {
    const score = async (answer: string) =>
      (
        await scoreMetric(
          metric({ type: 'regex', pattern: 'a|b', full: true }),
          scoreInput({ candidates: { answer } }),
        )
      ).score;
    expect([await score('a'), await score('b'), await score('ab')]).toEqual([1, 1, 0]);
  });
});
