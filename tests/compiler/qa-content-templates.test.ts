/**
 * A judge metric's `content:` template (DESIGN §2: `content: "{{candidate.answer}}"`) is checked
 * at validate time like a binding's input: a misspelt candidate, var or expected field would
 * otherwise render as an empty text at run time and be judged as such.
 */
import { describe, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { runCommand } from '../cli/run-cli.js';
import { writeFiles } from './plan-helpers.js';

const planWith = (metrics: string[]) => `evalc: 1
benchmark: { id: content, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
  a2: { protocol: chat, url: http://127.0.0.1:7102/agent/respond }
judges:
  j: { protocol: agent-eval, url: http://127.0.0.1:5005, rubric: r }
tasks:
  t:
    bindings:
      default:
        input: { query: "{{q}}" }
        output: { answer: "output.answer", codes: "output.codes" }
      a2:
        input: { messages: [{ role: user, content: "{{q}}" }] }
        output: { answer: "messages[-1].content" }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }
    metrics:
${metrics.map((m) => `      - ${m}`).join('\n')}
`;

async function validate(metrics: string[]) {
  const dir = writeFiles({ 'evalc.yaml': planWith(metrics) }, 'evalc-qa-content-');
  const result = await runCommand(validateCommand, ['evalc.yaml', '--json'], { cwd: dir });
  return {
    code: result.code,
    stderr: result.stderr,
    diagnostics: (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics,
  };
}

describe('validate checks metric content templates', () => {
  it('reports a misspelt candidate at the content line with a did-you-mean', async () => {
    const { code, diagnostics } = await validate([
      '{ type: judge, judge: j, content: "{{candidate.answr}}" }',
    ]);
    expect(code).toBe(65);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'EVALC_REF_CANDIDATE',
        severity: 'error',
        hint: 'did you mean `answer`?',
        source: { file: 'evalc.yaml', line: 20, col: 43 },
      }),
    ]);
  });

  it('reports a var or expected field that an example lacks, naming the example', async () => {
    const { diagnostics } = await validate([
      '{ type: judge, id: j1, judge: j, content: "{{vars.qq}}" }',
      '{ type: judge, id: j2, judge: j, content: "{{expected.answre}}" }',
    ]);
    expect(diagnostics.map((d) => [d.code, d.source?.line])).toEqual([
      ['EVALC_BIND_UNKNOWN_VAR', 20],
      ['EVALC_BIND_UNKNOWN_VAR', 21],
    ]);
    expect(diagnostics[1]!.message).toContain('examples e1');
  });

  it('warns (once) when only another agent of the task has the candidate', async () => {
    const { code, diagnostics } = await validate([
      '{ type: judge, judge: j, content: "{{candidate.codes}}" }',
    ]);
    expect(code).toBe(0);
    expect(diagnostics).toEqual([
      expect.objectContaining({ code: 'EVALC_REF_CANDIDATE_AGENT', severity: 'warning' }),
    ]);
    expect(diagnostics[0]!.message).toContain('`a2`');
  });

  it('accepts helpers, nested paths and json over known candidates, quietly', async () => {
    const { code, diagnostics, stderr } = await validate([
      '{ type: judge, judge: j, content: "{{#if candidate.answer}}{{candidate.answer}}{{else}}-{{/if}} {{candidate.answer.[0]}} {{json candidates}} {{expected.answer}} {{q}} {{id}}" }',
    ]);
    expect(diagnostics).toEqual([]);
    expect(code).toBe(0);
    expect(stderr).toBe('');
  });

  it('points a bare {{answer}} at candidate.answer', async () => {
    const { code, diagnostics } = await validate(['{ type: judge, judge: j, content: "{{answer}}" }']);
    expect(code).toBe(65);
    expect(diagnostics[0]).toMatchObject({
      code: 'EVALC_BIND_UNKNOWN_VAR',
      hint: 'candidates are under candidate: write {{candidate.answer}}',
    });
  });
});
