/**
 * QA35: a plan written from DESIGN alone puts `candidate:` on every metric; on tool_call_match
 * (which reads the trajectory's tool calls) validate said only "unknown key `candidate`", with
 * no hint, so the writer could not tell which keys the metric takes.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

const plan = (metric: string) => `evalc: 1
benchmark: { id: hint, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings:
      default:
        input: { q: "{{q}}" }
        output: { answer: "output.answer", tools: "output.tools" }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi, tools: [f] } } ] }
    metrics:
      - ${metric}
`;

async function unknownKeyDiagnostics(metric: string) {
  const dir = writeFiles({ 'evalc.yaml': plan(metric) }, 'evalc-qa35-hint-');
  const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  return result.diagnostics.filter((d) => d.code === 'EVALC_METRIC_PARAM_UNKNOWN');
}

describe('an unknown metric key with no near miss', () => {
  it('lists the keys the metric takes', async () => {
    const [d] = await unknownKeyDiagnostics('{ type: tool_call_match, candidate: tools, expected: tools }');
    expect(d?.message).toBe('tool_call_match: unknown key `candidate`');
    expect(d?.hint).toMatch(/^tool_call_match takes: /);
    expect(d?.hint).toContain('`expected`');
    expect(d?.source).toMatchObject({ line: 14, col: 34 });
  });

  it('still offers the near miss when there is one', async () => {
    const [d] = await unknownKeyDiagnostics('{ type: exact_match, candidate: answer, expectd: answer }');
    expect(d?.hint).toContain('expected');
    expect(d?.hint).not.toMatch(/takes:/);
  });
});
