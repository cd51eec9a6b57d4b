/**
 * QA341: `tokens` and `cost` (DESIGN §4, efficiency) read the token usage an agent reports; a `mae`
 * agent reports none (the MultiAgentEval API has no usage). Over a task run by DESIGN's a3 alone
 * both measured nothing — no score, no value, no row in report.md — and validate said nothing.
 */
import { describe, expect, it } from 'vitest';
import { agentsTaskPlan, validateWarnings } from '../fixtures/agents-task-validate.js';

const planWith = (agents: string) =>
  agentsTaskPlan(
    agents,
    '{ id: e1, vars: { q: hi } }',
    '{ type: tokens }',
    `metrics:
  - { type: cost, model: m }
prices: { m: { input: 1, output: 2 } }
`,
  );

const warnings = (agents: string) =>
  validateWarnings(planWith(agents), 'EVALC_METRIC_NO_USAGE', 'evalc-qa341-');

const mae = '  a3: { protocol: mae, transport: local, command: "node agents/mae.mjs", maxTurns: 5 }';

describe('tokens and cost over mae agents only', () => {
  it('warns at each metric, naming the agents', async () => {
    const found = await warnings(mae);
    expect(found.map((d) => [d.source?.line, d.message])).toEqual([
      [
        14,
        '`tokens` reads the token usage an agent reports, and `mae` agent `a3` reports none (the MultiAgentEval API has no usage): it measures nothing here',
      ],
      [
        16,
        '`cost` reads the token usage an agent reports, and `mae` agent `a3` reports none (the MultiAgentEval API has no usage): it measures nothing here',
      ],
    ]);
    expect(found[0]?.hint).toContain('steps');
  });

  it('says nothing when another agent of the task reports usage', async () => {
    expect(await warnings(`${mae}\n  a1: { protocol: raip, url: http://127.0.0.1:7101 }`)).toEqual([]);
  });
});
