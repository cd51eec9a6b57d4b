/**
 * QA351: QA341's warnings that a metric measures nothing on some agents (EVALC_METRIC_NO_TOOL_CALLS,
 * EVALC_METRIC_NO_GOVERNANCE, EVALC_METRIC_NO_USAGE) and on some datasets (judge_agreement's
 * EVALC_REF_EXPECTED) were said several times at one file:line:col: the examples' checkpoints once
 * per agent and dataset (3 raip/http agents over 2 datasets: 6 warnings), judge_agreement once per
 * dataset, and a plan-wide metric once per task, each naming that task's agents only. Each is said
 * once now, naming every agent and dataset; validate's exit code stays 0 (warnings only).
 */
import { describe, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { runCommand } from '../cli/run-cli.js';
import { writeFiles } from './plan-helpers.js';

const QUIET_CODES = new Set([
  'EVALC_METRIC_NO_TOOL_CALLS',
  'EVALC_METRIC_NO_GOVERNANCE',
  'EVALC_METRIC_NO_USAGE',
  'EVALC_REF_EXPECTED',
]);

async function warnings(plan: string) {
  const dir = writeFiles({ 'evalc.yaml': plan }, 'evalc-qa351-');
  const result = await runCommand(validateCommand, ['evalc.yaml', '--json'], { cwd: dir });
  expect(result.code).toBe(0);
  const diagnostics = (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
  return diagnostics
    .filter(
      (d) =>
        QUIET_CODES.has(d.code) && (d.code !== 'EVALC_REF_EXPECTED' || d.message.includes('human_score')),
    )
    .map((d) => ({ code: d.code, severity: d.severity, line: d.source?.line, message: d.message }));
}

const binding = `    bindings:
      default:
        input: { query: "{{q}}" }
        output: { answer: "output.answer" }
`;

describe('metric warnings said once at their metric', () => {
  it("says the examples' checkpoints once, naming every dataset and raip/http agent", async () => {
    const found = await warnings(`evalc: 1
benchmark: { id: k, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
  a4: { protocol: raip, url: http://127.0.0.1:7103 }
  h1: { protocol: http, url: http://127.0.0.1:7102/run }
  c1: { protocol: chat, url: http://127.0.0.1:7104/agent/respond }
judges:
  llm: { protocol: openai, url: http://127.0.0.1:11434/v1, model: q }
tasks:
  t:
${binding}    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { checkpoints: [lookup, { phrase: x }] } } ] }
      d2: { examples: [ { id: e1, vars: { q: hi }, expected: { checkpoints: [lookup2] } } ] }
    metrics:
      - { type: progress_rate }
      - { type: judge, judge: llm, content: "{{candidate.answer}}" }
      - { type: judge_agreement }
`);
    expect(found).toEqual([
      {
        code: 'EVALC_METRIC_NO_TOOL_CALLS',
        severity: 'warning',
        line: 20,
        message:
          '`progress_rate` (checkpoints from datasets d, d2\'s expected.checkpoints) reads its tool checkpoints (`lookup`, `lookup2`) from the tool calls and its phrase checkpoints ("x") from the assistant messages of the agent\'s trajectory, which agents `a1` (raip), `a4` (raip), `h1` (http) never have: a raip or http reply is one output, so those checkpoints are never reached',
      },
      {
        code: 'EVALC_REF_EXPECTED',
        severity: 'warning',
        line: 22,
        message:
          "`judge_agreement` compares the judge with the examples' human_score, which no example of datasets d, d2 has: it has no figure there",
      },
    ]);
  });

  it('says a plan-wide metric once over several tasks, naming the agents of all of them', async () => {
    const found = await warnings(`evalc: 1
benchmark: { id: k, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
  a4: { protocol: raip, url: http://127.0.0.1:7103 }
  m1: { protocol: mae, transport: local, command: "node m.mjs" }
  m2: { protocol: mae, transport: local, command: "node m.mjs" }
judges:
  llm: { protocol: openai, url: http://127.0.0.1:11434/v1, model: q }
tasks:
  t:
    agents: [a1]
${binding}    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { checkpoints: [lookup] } } ] }
  t2:
    agents: [a1, a4]
${binding}    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { checkpoints: [lookup] } } ] }
  u:
    agents: [m1]
${binding}    datasets:
      e: { examples: [ { id: e1, vars: { q: hi } } ] }
  u2:
    agents: [m2]
${binding}    datasets:
      e: { examples: [ { id: e1, vars: { q: hi } } ] }
metrics:
  - { type: checkpoints, checkpoints: [get_course] }
  - { type: progress_rate, id: progress }
  - { type: policy_adherence }
  - { type: tokens }
  - { type: tool_call_match }
  - { type: judge, judge: llm, content: "{{candidate.answer}}" }
  - { type: judge_agreement }
`);
    const agents = 'agents `a1` (raip), `a4` (raip)';
    expect(found.map((d) => [d.code, d.line, d.message.slice(0, d.message.indexOf(':'))])).toEqual([
      [
        'EVALC_METRIC_NO_TOOL_CALLS',
        44,
        `\`checkpoints\` reads its tool checkpoints (\`get_course\`) from the tool calls of the agent's trajectory, which ${agents} never have`,
      ],
      [
        'EVALC_METRIC_NO_TOOL_CALLS',
        45,
        `\`progress\` (checkpoints from datasets t/d, t2/d's expected.checkpoints) reads its tool checkpoints (\`lookup\`) from the tool calls of the agent's trajectory, which ${agents} never have`,
      ],
      [
        'EVALC_METRIC_NO_GOVERNANCE',
        46,
        `\`policy_adherence\` counts the governance violations evalc's mae tool sandbox records, and ${agents} run their own tools`,
      ],
      [
        'EVALC_METRIC_NO_USAGE',
        47,
        '`tokens` reads the token usage an agent reports, and `mae` agents `m1`, `m2` report none (the MultiAgentEval API has no usage)',
      ],
      [
        'EVALC_METRIC_NO_TOOL_CALLS',
        48,
        `\`tool_call_match\` reads the tool calls of the agent's trajectory, which ${agents} never have`,
      ],
      [
        'EVALC_REF_EXPECTED',
        50,
        "`judge_agreement` compares the judge with the examples' human_score, which no example of datasets t/d, t2/d, u/e, u2/e has",
      ],
    ]);
  });

  it("quotes an example's long checkpoint cut, not whole", async () => {
    const phrase = 'x'.repeat(3000);
    const tool = `lookup_${'y'.repeat(3000)}`;
    const found = await warnings(`evalc: 1
benchmark: { id: k, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
${binding}    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { checkpoints: [${tool}, { phrase: ${phrase} }] } } ] }
    metrics:
      - { type: progress_rate }
`);
    expect(found).toHaveLength(1);
    const message = found[0]?.message ?? '';
    expect(message).toContain(`(\`lookup_${'y'.repeat(53)}…\`)`);
    expect(message).toContain(`("${'x'.repeat(60)}…")`);
    expect(message.length).toBeLessThan(500);
  });
});
