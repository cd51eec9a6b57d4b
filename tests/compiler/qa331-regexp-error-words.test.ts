/**
 * QA331: a regular expression that does not compile was said "invalid regular expression: Invalid
 * regular expression: /ready(/: Unterminated group", V8's own prefix after evalc's: a
 * serve.ready.line (validate), a regex metric's pattern (validate) and one from the dataset
 * (the metric_error of each example). Said once now.
 */
import { describe, expect, it } from 'vitest';
import { scoreMetric } from '../../src/metrics/score-example.js';
import { metric, scoreInput } from '../metrics/helpers.js';
import { oneTaskPlanYaml, planDiagnostics } from './plan-helpers.js';

const servedPlan = `evalc: 1
benchmark: { id: b }
agents:
  a1:
    protocol: raip
    url: http://127.0.0.1:7101
    serve: { command: node a.mjs, ready: { line: "ready(" } }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: x } } ] } }
    metrics: [ { type: exact_match } ]
`;

describe('a pattern that does not compile', () => {
  it('is said invalid once in serve.ready.line', async () => {
    const said = (await planDiagnostics(servedPlan)).filter((d) => d.path.at(-1) === 'line');
    expect(said.map((d) => `${d.source?.line}:${d.source?.col} ${d.message}`)).toEqual([
      '7:50 agents.a1.serve.ready.line: invalid regular expression: /ready(/: Unterminated group',
    ]);
  });

  it("is said invalid once in a regex metric's pattern", async () => {
    const said = (await planDiagnostics(oneTaskPlanYaml('[ { type: regex, pattern: "ab(" } ]'))).filter(
      (d) => d.severity === 'error',
    );
    expect(said).toHaveLength(1);
    expect(said[0]!.message).toContain('invalid regular expression: /ab(/: Unterminated group');
    expect(said[0]!.message).not.toMatch(/invalid regular expression: invalid regular expression/i);
  });

  it('is said invalid once in the metric_error of a pattern the dataset holds', async () => {
    const r = await scoreMetric(
      metric({ type: 'regex', expected: 'pattern' }),
      scoreInput({ candidates: { answer: 'x' }, expected: { pattern: 'ab(' } }),
    );
    expect(r.error?.kind).toBe('metric_error');
    expect(r.error?.message).toBe('invalid regular expression: /ab(/: Unterminated group');
  });
});
