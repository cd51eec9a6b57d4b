/**
 * QA111: `tool_call_match` reads the tool calls of the agent's trajectory; a `raip` or `http`
 * agent's reply is one output and its trajectory has no tool calls, so the metric scored every
 * example 0 (`repetition_rate` 1) and validate said nothing. Now a warning names the agents; chat, mae and openai agents
 * (whose trajectories carry tool calls) do not warn.
 */
import { describe, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { runCommand } from '../cli/run-cli.js';
import { writeFiles } from './plan-helpers.js';

const planWith = (agents: string, metric: string) => `evalc: 1
benchmark: { id: k, version: 1.0.0 }
agents:
${agents}
tasks:
  t:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{q}}" }] }
        output: { answer: "output.answer" }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { tool_calls: [search] } } ] }
    metrics:
      - ${metric}
`;

async function validate(agents: string, metric = '{ type: tool_call_match }') {
  const dir = writeFiles({ 'evalc.yaml': planWith(agents, metric) }, 'evalc-qa111-');
  const result = await runCommand(validateCommand, ['evalc.yaml', '--json'], { cwd: dir });
  const diagnostics = (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
  return {
    code: result.code,
    diagnostics: diagnostics.filter((d) => d.code === 'EVALC_METRIC_NO_TOOL_CALLS'),
  };
}

describe('tool_call_match on agents whose trajectory has no tool calls', () => {
  it('warns at the metric for raip and http agents, naming them', async () => {
    const { code, diagnostics } = await validate(
      [
        '  a1: { protocol: raip, url: http://127.0.0.1:7101 }',
        '  h1: { protocol: http, url: http://127.0.0.1:7102/run }',
        '  o1: { protocol: openai, url: http://127.0.0.1:7103/v1, model: m }',
      ].join('\n'),
    );
    expect(code).toBe(0);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: 'warning',
        source: { file: 'evalc.yaml', line: 16, col: 9 },
        message:
          "`tool_call_match` reads the tool calls of the agent's trajectory, which agents `a1` (raip), `h1` (http) never have: a raip or http reply is one output, so every example scores as if no tool was called",
      }),
    ]);
    expect(diagnostics[0]?.hint).toContain('exact_match');
  });

  it('warns for repetition_rate too (it scored 1: nothing repeated)', async () => {
    const raip = '  a1: { protocol: raip, url: http://127.0.0.1:7101 }';
    const { diagnostics } = await validate(raip, '{ type: repetition_rate, of: messages }');
    expect(diagnostics.map((d) => d.message)).toEqual([
      "`repetition_rate` reads the tool calls or assistant messages of the agent's trajectory, which agent `a1` (raip) never has: a raip or http reply is one output, so every example scores 1 (nothing repeated)",
    ]);
  });

  it('says nothing for openai, chat and mae agents, nor for other metrics of a raip agent', async () => {
    const others = [
      '  o1: { protocol: openai, url: http://127.0.0.1:7103/v1, model: m }',
      '  c1: { protocol: chat, url: http://127.0.0.1:7104/agent/respond }',
      '  m1: { protocol: mae, url: http://127.0.0.1:7105/execute_task }',
    ].join('\n');
    expect((await validate(others)).diagnostics).toEqual([]);
    const raip = '  a1: { protocol: raip, url: http://127.0.0.1:7101 }';
    expect(
      (await validate(raip, '{ type: exact_match, candidate: answer, expected: answer }')).diagnostics,
    ).toEqual([]);
  });
});
