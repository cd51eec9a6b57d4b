/**
 * QA41: plan mistakes about judges and rubrics that validate let through, each of which failed
 * every judge call of the run instead:
 * - a rubric naming one dimension id twice (the openai judge's verdict schema was invalid, so every
 *   example recorded `metric_error: judge failed: schema is invalid …`; an agent-eval verdict's keys
 *   never matched the rubric's, `contract_violation`);
 * - a judge with both `url:` and `command:` (the url was silently ignored) and an openai judge with
 *   `command:` (every call failed `config_error: openai judge needs url`).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function diagnosticsFor(
  judges: string,
  dimensions: string,
  metric = '{ type: judge, judge: j }',
  outputs = '{ answer: output.answer }',
): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa41-judges-'));
  dirs.push(dir);
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: b }
agents:
  a: { protocol: raip, url: "http://127.0.0.1:9" }
judges:
${judges}
rubrics:
  r:
    dimensions:
${dimensions}
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: ${outputs} } }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi } } ] } }
    metrics: [ ${metric} ]
`,
  );
  const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  return result.diagnostics.map(
    (d) => `${d.severity} ${d.code} ${d.path.join('.')} ${d.source?.line}:${d.source?.col}`,
  );
}

const TWO_DIMENSIONS = `      - { id: relevance, description: R, weight: 1 }
      - { id: accuracy, description: A, weight: 3 }`;

describe('judge and rubric checks (QA41)', () => {
  it('refuses a rubric that names a dimension id twice, at the second one', async () => {
    const dims = `      - { id: relevance, description: R, weight: 1 }
      - { id: relevance, description: again, weight: 3 }
      - { id: accuracy, description: A }`;
    expect(
      await diagnosticsFor(
        '  j: { protocol: openai, url: "http://127.0.0.1:9/v1", model: m, rubric: r }',
        dims,
      ),
    ).toEqual(['error EVALC_RUBRIC_DUPLICATE_DIMENSION rubrics.r.dimensions.1.id 11:15']);
  });

  it('refuses a judge with both url and command', async () => {
    expect(
      await diagnosticsFor(
        '  j: { protocol: agent-eval, url: "http://127.0.0.1:9", command: "agent-eval", rubric: r }',
        TWO_DIMENSIONS,
      ),
    ).toEqual(['error EVALC_JUDGE_CONFIG judges.j.command 6:66']);
  });

  it('refuses an openai judge reached by command', async () => {
    expect(
      await diagnosticsFor(
        '  j: { protocol: openai, command: "llm-judge", model: m, rubric: r }',
        TWO_DIMENSIONS,
      ),
    ).toEqual(['error EVALC_JUDGE_CONFIG judges.j.command 6:35']);
  });

  it('accepts one transport per judge and distinct dimension ids', async () => {
    expect(
      await diagnosticsFor(
        `  j: { protocol: agent-eval, command: "agent-eval", rubric: r }
  k: { protocol: agent-eval, url: "http://127.0.0.1:9", rubric: r }
  o: { protocol: openai, url: "http://127.0.0.1:9/v1", model: m, rubric: r }`,
        TWO_DIMENSIONS,
      ),
    ).toEqual([]);
  });

  it('warns about a temperature an agent-eval judge does not send', async () => {
    expect(
      await diagnosticsFor(
        '  j: { protocol: agent-eval, url: "http://127.0.0.1:9", rubric: r, temperature: 0.7 }',
        TWO_DIMENSIONS,
        '{ type: judge, judge: j, judge_config: { judge_temperature: 0.3 } }',
      ),
    ).toEqual([
      'warning EVALC_JUDGE_TEMPERATURE judges.j.temperature 6:81',
      'warning EVALC_JUDGE_TEMPERATURE tasks.t.metrics.0.judge_config.judge_temperature 16:76',
    ]);
    // An openai judge sends it: no warning.
    expect(
      await diagnosticsFor(
        '  j: { protocol: openai, url: "http://127.0.0.1:9/v1", model: m, rubric: r, temperature: 0.7 }',
        TWO_DIMENSIONS,
        '{ type: judge, judge: j, judge_config: { judge_temperature: 0.3 } }',
      ),
    ).toEqual([]);
  });

  it('warns when a judge metric has no text to judge: no content:, no candidate:, no answer output', async () => {
    const judge = '  j: { protocol: agent-eval, url: "http://127.0.0.1:9", rubric: r }';
    const twoOutputs = '{ text: output.text, model: output.model }';
    expect(await diagnosticsFor(judge, TWO_DIMENSIONS, '{ type: judge, judge: j }', twoOutputs)).toEqual([
      'warning EVALC_REF_CANDIDATE tasks.t.metrics.0 16:16',
    ]);
    // content:, candidate:, a single output or an `answer` output say what to judge.
    for (const [metric, outputs] of [
      ['{ type: judge, judge: j, content: "{{candidate.text}}" }', twoOutputs],
      ['{ type: judge, judge: j, candidate: text }', twoOutputs],
      ['{ type: judge, judge: j }', '{ text: output.text }'],
      ['{ type: checklist, judge: j, items: [a] }', '{ answer: output.text, model: output.model }'],
    ] as const)
      expect(await diagnosticsFor(judge, TWO_DIMENSIONS, metric, outputs)).toEqual([]);
  });
});
