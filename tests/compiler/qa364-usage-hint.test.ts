/**
 * QA364: the `EVALC_METRIC_NO_USAGE` hint said "token usage is reported by raip, chat, openai and
 * http agents", as if they always did; a raip, openai or http agent reports it only when its reply
 * carries a `usage` field (normalize-usage.ts), and a chat agent's is estimated when its reply has none.
 */
import { describe, expect, it } from 'vitest';
import { agentsTaskPlan, validateWarnings } from '../fixtures/agents-task-validate.js';

describe('the tokens/cost warning over mae agents only', () => {
  it('says the other protocols report usage only when their reply carries it', async () => {
    const plan = agentsTaskPlan(
      '  a3: { protocol: mae, transport: local, command: "node agents/mae.mjs", maxTurns: 5 }',
      '{ id: e1, vars: { q: hi } }',
      '{ type: tokens }',
    );
    const [warning] = await validateWarnings(plan, 'EVALC_METRIC_NO_USAGE', 'evalc-qa364-');
    expect(warning?.hint).toBe(
      "measure a mae agent with steps (its turns) or time_to_success; a raip, openai or http agent reports token usage only when its reply carries a `usage` field, a chat agent's is estimated when its reply has none",
    );
  });
});
