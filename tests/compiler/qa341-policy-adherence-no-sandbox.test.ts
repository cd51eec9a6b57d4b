/**
 * QA341: `policy_adherence` (DESIGN §4, "governance violations") counts the violations evalc's
 * `mae` tool sandbox records when it applies an example's `policies:`. A `raip`, `http`, `chat` or
 * `openai` agent runs its own tools, so no violation was ever recorded: DESIGN's a1 and a2 scored
 * 1.000 on every example — a perfect adherence nothing measured — and validate said nothing.
 */
import { describe, expect, it } from 'vitest';
import { agentsTaskPlan, validateWarnings } from '../fixtures/agents-task-validate.js';

const planWith = (agents: string) =>
  agentsTaskPlan(
    agents,
    '{ id: e1, vars: { q: hi }, policies: { apply_refund: { max_limit: 50 } } }',
    '{ type: policy_adherence }',
  );

const warnings = (agents: string) =>
  validateWarnings(planWith(agents), 'EVALC_METRIC_NO_GOVERNANCE', 'evalc-qa341-');

describe('policy_adherence on agents evalc runs no tool sandbox for', () => {
  it('warns at the metric, naming every agent that is not mae', async () => {
    const found = await warnings(
      [
        '  a1: { protocol: raip, url: http://127.0.0.1:7101 }',
        '  a2: { protocol: chat, url: http://127.0.0.1:7102/agent/respond }',
        '  a3: { protocol: mae, transport: local, command: "node agents/mae.mjs", maxTurns: 5 }',
      ].join('\n'),
    );
    expect(found).toEqual([
      expect.objectContaining({
        severity: 'warning',
        source: { file: 'evalc.yaml', line: 16, col: 9 },
        message:
          "`policy_adherence` counts the governance violations evalc's mae tool sandbox records, and agents `a1` (raip), `a2` (chat) run their own tools: no violation is ever recorded there, so every example scores 1",
      }),
    ]);
    expect(found[0]?.hint).toContain('mae agents');
  });

  it('says nothing when every agent of the task is mae', async () => {
    expect(await warnings('  a3: { protocol: mae, url: http://127.0.0.1:7105/execute_task }')).toEqual([]);
  });
});
