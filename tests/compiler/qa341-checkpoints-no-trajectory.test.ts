/**
 * QA341: `checkpoints` / `progress_rate` (DESIGN §4, "expected key nodes reached") read their tool
 * checkpoints from the trajectory's tool calls and their phrase checkpoints from its assistant
 * messages. A `raip` or `http` agent's trajectory has neither (its reply is one output), so on
 * DESIGN's a1 every such checkpoint was missed — `{ phrase: CS229 }` too when the answer said CS229 —
 * and validate said nothing, as it now does for tool_call_match (QA111).
 */
import { describe, expect, it } from 'vitest';
import { agentsTaskPlan, validateWarnings } from '../fixtures/agents-task-validate.js';

const planWith = (agents: string, metric: string) =>
  agentsTaskPlan(agents, '{ id: e1, vars: { q: hi }, expected: { checkpoints: [lookup] } }', metric);

const warnings = (agents: string, metric: string) =>
  validateWarnings(planWith(agents, metric), 'EVALC_METRIC_NO_TOOL_CALLS', 'evalc-qa341-');

const raip = '  a1: { protocol: raip, url: http://127.0.0.1:7101 }';

describe('checkpoints on agents whose trajectory has no tool calls or messages', () => {
  it('warns at progress_rate for its tool and phrase checkpoints, naming the raip and http agents', async () => {
    const agents = `${raip}\n  h1: { protocol: http, url: http://127.0.0.1:7102/run }`;
    const found = await warnings(
      agents,
      '{ type: progress_rate, checkpoints: [{ tool: get_course }, { phrase: CS229 }, { state: output.done, equals: true }] }',
    );
    expect(found).toEqual([
      expect.objectContaining({
        severity: 'warning',
        source: { file: 'evalc.yaml', line: 15, col: 9 },
        message:
          '`progress_rate` reads its tool checkpoints (`get_course`) from the tool calls and its phrase checkpoints ("CS229") from the assistant messages of the agent\'s trajectory, which agents `a1` (raip), `h1` (http) never have: a raip or http reply is one output, so those checkpoints are never reached',
      }),
    ]);
    expect(found[0]?.hint).toContain('{ state: <path in the reply>, equals: … }');
  });

  it('warns at checkpoints for a bare tool name', async () => {
    const found = await warnings(raip, '{ type: checkpoints, checkpoints: [get_course] }');
    expect(found.map((d) => d.message)).toEqual([
      "`checkpoints` reads its tool checkpoints (`get_course`) from the tool calls of the agent's trajectory, which agent `a1` (raip) never has: a raip or http reply is one output, so that checkpoint is never reached",
    ]);
  });

  it('says nothing for state or candidate checkpoints, nor for chat and mae agents', async () => {
    const stateOnly =
      '{ type: checkpoints, checkpoints: [{ state: output.done, equals: true }, { candidate: answer, equals: hi }] }';
    expect(await warnings(raip, stateOnly)).toEqual([]);
    const others = [
      '  c1: { protocol: chat, url: http://127.0.0.1:7104/agent/respond }',
      '  m1: { protocol: mae, url: http://127.0.0.1:7105/execute_task }',
    ].join('\n');
    expect(
      await warnings(others, '{ type: progress_rate, checkpoints: [get_course, { phrase: hi }] }'),
    ).toEqual([]);
  });

  it("warns for the examples' own lists (expected.checkpoints), naming the dataset and the agent", async () => {
    const found = await warnings(
      `${raip}\n  c1: { protocol: chat, url: http://127.0.0.1:7104/agent/respond }`,
      '{ type: checkpoints }',
    );
    expect(found.map((d) => [d.source?.line, d.message])).toEqual([
      [
        15,
        "`checkpoints` (checkpoints from dataset d's expected.checkpoints) reads its tool checkpoints (`lookup`) from the tool calls of the agent's trajectory, which agent `a1` (raip) never has: a raip or http reply is one output, so that checkpoint is never reached",
      ],
    ]);
  });
});
