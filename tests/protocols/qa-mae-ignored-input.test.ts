/**
 * Regression (QA): with DESIGN §2's default binding `input: { query: "{{user_query}}" }` a `mae`
 * agent was sent the task instructions, never the query (mae reads only `task_description`).
 * An object input without `task_description` is now the request's fields: one field is its
 * value, several are `key: value` lines. Real loopback agent (tests/fixtures/mae-http-agent.ts).
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

async function invoke(
  input: unknown,
  instructions: string | null = 'final:instructions',
): Promise<{ logs: string[]; answer: string | null; sent: unknown[] }> {
  const before = agent.requests.length;
  const logs: string[] = [];
  const adapter = makeMaeAdapter({ transport: 'http', url: agent.url, profile: 'agentv' });
  try {
    const outcome = await adapter.invoke(
      input,
      maeContext({ logs, ...(instructions === null ? {} : { instructions }) }),
    );
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
  it("sends the task instructions, a blank line, and a single field's value", async () => {
    const { answer, sent } = await invoke({ query: 'intro ML' });
    expect(sent).toEqual(['final:instructions\n\nintro ML']);
    expect(answer).toBe('instructions\n\nintro ML');
  });

  it('sends several fields as key: value lines, in key order (the canonical input the key covers)', async () => {
    const { sent } = await invoke({ query: 'intro ML', level: 1, filters: { term: 'fall' } });
    expect(sent).toEqual(['final:instructions\n\nfilters: {"term":"fall"}\nlevel: 1\nquery: intro ML']);
  });

  it('sends the request alone when the task has no instructions', async () => {
    const { sent } = await invoke({ query: 'final:intro ML' }, null);
    expect(sent).toEqual(['final:intro ML']);
  });

  it('keeps a string input or task_description as they are, and the instructions for an empty input', async () => {
    const asString = await invoke('final:text');
    const asField = await invoke({ task_description: 'final:field', extra: 1 });
    const empty = await invoke({});
    expect([asString.sent, asField.sent, empty.sent]).toEqual([
      ['final:text'],
      ['final:field'],
      ['final:instructions'],
    ]);
    expect([...asString.logs, ...asField.logs, ...empty.logs]).toEqual([]);
  });
});
