/**
 * Regression (QA): with DESIGN §2's default binding `input: { query: "{{user_query}}" }` a `mae`
 * agent is sent the task instructions, never the query (mae reads only `task_description`).
 * That stays the documented fallback, but it must not be silent: the invocation logs which input
 * keys were ignored. Real loopback agent (tests/fixtures/mae-http-agent.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalAnswer, maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';
import { type MaeHttpAgent, startMaeHttpAgent } from '../fixtures/mae-http-agent.js';

let agent: MaeHttpAgent;
beforeAll(async () => {
  agent = await startMaeHttpAgent();
});
afterAll(async () => {
  await agent.close();
});

async function invoke(input: unknown): Promise<{ logs: string[]; answer: string | null; sent: unknown[] }> {
  const before = agent.requests.length;
  const logs: string[] = [];
  const adapter = makeMaeAdapter({ transport: 'http', url: agent.url, profile: 'agentv' });
  try {
    const outcome = await adapter.invoke(input, maeContext({ logs, instructions: 'final:instructions' }));
    return {
      logs,
      answer: finalAnswer(outcome),
      sent: agent.requests.slice(before).map((r) => r.body.task_description),
    };
  } finally {
    await adapter.close();
  }
}

describe('mae binding input without task_description', () => {
  it('sends the instructions and logs the ignored input keys', async () => {
    const { logs, answer, sent } = await invoke({ query: 'intro ML', level: 1 });
    expect(sent).toEqual(['final:instructions']);
    expect(answer).toBe('instructions');
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain('level, query never reaches the agent');
  });

  it('logs nothing when the input is a string or names task_description', async () => {
    const asString = await invoke('final:text');
    const asField = await invoke({ task_description: 'final:field', extra: 1 });
    expect([asString.sent, asField.sent]).toEqual([['final:text'], ['final:field']]);
    expect([...asString.logs, ...asField.logs]).toEqual([]);
  });
});
