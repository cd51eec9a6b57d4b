/**
 * Metrics that read other metrics (judge_agreement, judge_stability, pass@k, win_rate,
 * position_bias) or an agent (win_rate.baseline) name them correctly, or validate says so:
 * a wrong name otherwise computes nothing, silently.
 */
import { describe, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { runCommand } from '../cli/run-cli.js';
import { writeFiles } from './plan-helpers.js';

const planWith = (taskMetrics: string[], globalMetrics: string[] = []) => `evalc: 1
benchmark: { id: refs, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
  a2: { protocol: raip, url: http://127.0.0.1:7102 }
judges:
  j: { protocol: agent-eval, url: http://127.0.0.1:5005, rubric: r }
tasks:
  t:
    bindings:
      default:
        input: { query: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi }, human_score: 1 } ] }
    metrics:
${taskMetrics.map((m) => `      - ${m}`).join('\n')}
  u:
    bindings:
      default:
        input: { query: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }
    metrics:
      - { type: exact_match }
metrics:
${globalMetrics.map((m) => `  - ${m}`).join('\n') || '  - { type: pass_rate }'}
`;

async function validate(taskMetrics: string[], globalMetrics: string[] = []) {
  const dir = writeFiles({ 'evalc.yaml': planWith(taskMetrics, globalMetrics) }, 'evalc-qa-refs-');
  const result = await runCommand(validateCommand, ['evalc.yaml', '--json'], { cwd: dir });
  return {
    code: result.code,
    diagnostics: (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics,
  };
}

describe('references between metrics', () => {
  it('reports an unknown metric id at the parameter, with a did-you-mean', async () => {
    const { code, diagnostics } = await validate([
      '{ type: judge, judge: j }',
      '{ type: judge_agreement, metric: judgee }',
      '{ type: position_bias, forward: fwd, backward: judge }',
    ]);
    expect(code).toBe(65);
    expect(diagnostics.map((d) => [d.code, d.source?.line, d.source?.col, d.hint])).toEqual([
      ['EVALC_REF_METRIC', 18, 42, 'did you mean `judge`?'],
      ['EVALC_REF_METRIC', 19, 41, 'metrics: judge, judge_agreement, position_bias, pass_rate'],
    ]);
  });

  it('reports a default reference that the task lacks (judge_stability reads `judge`)', async () => {
    const { diagnostics } = await validate(['{ type: exact_match }', '{ type: judge_stability }']);
    expect(diagnostics).toEqual([
      // The plan runs one repeat: judge_stability would score 1 (QA101's warning, at the same metric).
      expect.objectContaining({ code: 'EVALC_METRIC_REPEATS', severity: 'warning' }),
      expect.objectContaining({
        code: 'EVALC_REF_METRIC',
        message: 'judge_stability.metric (default) names metric `judge`, which task t does not define',
      }),
    ]);
  });

  it('reports a win_rate baseline that is not an agent of the task', async () => {
    const { diagnostics } = await validate(['{ type: win_rate, baseline: a3 }']);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'EVALC_REF_AGENT',
        hint: 'did you mean `a1`?',
        source: expect.objectContaining({ line: 17, col: 37 }),
      }),
    ]);
  });

  it('accepts a plan-wide reference that holds in some task, and correct references', async () => {
    const ok = await validate(
      ['{ type: judge, judge: j }', '{ type: win_rate, baseline: a1 }'],
      ['{ type: pass_rate }', '{ type: judge_agreement }'],
    );
    expect(ok).toEqual({ code: 0, diagnostics: [] });
    const bad = await validate(['{ type: exact_match }'], ['{ type: judge_agreement }']);
    expect(bad.diagnostics.map((d) => [d.code, d.path.join('.')])).toEqual([
      ['EVALC_REF_METRIC', 'metrics.0'],
    ]);
  });
});
