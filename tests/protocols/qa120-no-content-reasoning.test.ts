/**
 * QA120 (review of QA116's ced85cc): an `openai` agent's reply whose message holds only a reasoning
 * model's thoughts — `reasoning_content` (DeepSeek-R1 on vLLM, DeepSeek's API) with `content` null,
 * cut at the token limit — failed `extraction_failed` "… no `content` text (finish_reason: length)",
 * not saying the tokens went to reasoning, nor what to change. Real loopback server; the reply goes
 * through the adapter and the binding's compiled extraction as in `apply`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { compileExtraction } from '../../src/binding/extract.js';
import { extractCandidates } from '../../src/executor/extract-candidates.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createOpenaiAdapter } from '../../src/protocols/openai/adapter.js';
import { type Behaviour, completion, startCompatServer } from '../fixtures/qa19-openai-compat-server.js';
import { testContext } from './conformance.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function extractionMessage(behaviour: Behaviour): Promise<string> {
  const server = await startCompatServer(behaviour);
  const adapter = createOpenaiAdapter(
    { protocol: 'openai', url: `${server.url}/v1`, model: 'deepseek-r1', maxTokens: 64 },
    { transport: new HttpTransport({ retries: 0 }) },
  );
  cleanups.push(
    () => adapter.close(),
    () => server.close(),
  );
  const outcome = await adapter.invoke('hi', testContext(AbortSignal.timeout(10_000)));
  if (!outcome.ok) throw new Error(outcome.error.message);
  const compiled = compileExtraction({ answer: 'content' });
  if (!compiled.ok) throw new Error('extraction does not compile');
  const record = extractCandidates(
    { extraction: compiled.extraction, contentJson: true },
    outcome.trajectory,
  );
  if (record.ok) throw new Error('extraction did not fail');
  expect(record.error.kind).toBe('extraction_failed');
  return record.error.message;
}

describe('openai agent: a reply of reasoning only says so', () => {
  it('cut at the token limit: says the tokens went to reasoning and to raise maxTokens', async () => {
    const message = await extractionMessage(() =>
      completion(
        null,
        { reasoning_content: 'Let me think about the capital of France. It' },
        { finish_reason: 'length' },
      ),
    );
    expect(message).toBe(
      "no value for answer (content): the reply has no `content` text (finish_reason: length; the model wrote only reasoning before the token limit: raise the agent's maxTokens)",
    );
  });

  it('tool calls made after reasoning are named as tool calls', async () => {
    const message = await extractionMessage(() =>
      completion(
        null,
        {
          reasoning_content: 'I should look it up.',
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'lookup', arguments: '{}' } }],
        },
        { finish_reason: 'tool_calls' },
      ),
    );
    expect(message).toContain('(finish_reason: tool_calls; the model called tools: bind');
  });
});
