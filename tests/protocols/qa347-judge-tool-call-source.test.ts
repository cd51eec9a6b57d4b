/**
 * QA347: an openai judge that answers with a tool call, `content: null`, has its verdict read from
 * the call's arguments (QA73); when those are no verdict the judge_error said only the problem,
 * `(root) must have required property 'dimensions', finish_reason: tool_calls`, naming nothing the
 * user could find in the content the judge sent (null). It now says where the text came from.
 * Real loopback judge (tests/fixtures/qa73-judge-message-server.ts).
 */
import { describe, expect, it } from 'vitest';
import type { RubricConfig } from '../../src/plan/schema.js';
import { useOpenaiJudgeOnce } from '../fixtures/openai-judge-once.js';
import { startJudgeMessageServer } from '../fixtures/qa73-judge-message-server.js';

const RUBRIC: RubricConfig = {
  dimensions: [{ id: 'relevance', description: 'Answers the question', weight: 1 }],
};

const judgeAt = useOpenaiJudgeOnce(RUBRIC);

async function judgeWith(message: Record<string, unknown>): Promise<string> {
  const server = await startJudgeMessageServer(message, 'tool_calls');
  const outcome = await judgeAt(server);
  return outcome.ok ? '' : `${outcome.error.kind}: ${outcome.error.message}`;
}

describe('openai judge: a tool call whose arguments are no verdict says it was read from them', () => {
  it('names the tool call, its arguments a string', async () => {
    const said = await judgeWith({
      content: null,
      tool_calls: [{ id: 'c1', type: 'function', function: { name: 'search', arguments: '{"query": "x"}' } }],
    });
    expect(said).toMatch(/^judge_error: /);
    expect(said).toContain(
      `(root) must have required property 'dimensions' (read from the arguments of its tool call "search", sent instead of content), finish_reason: tool_calls)`,
    );
  });

  it('an unnamed call with object arguments (Ollama) too', async () => {
    const said = await judgeWith({ content: '', tool_calls: [{ function: { arguments: { query: 'x' } } }] });
    expect(said).toContain('(read from the arguments of its tool call, sent instead of content)');
  });
});
