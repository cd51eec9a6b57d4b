/**
 * QA116: an `openai` agent's reply with no `content` — Azure OpenAI's content filter
 * (`finish_reason: content_filter`, a message with no `content` key), a model that answered with a
 * tool call, an OpenAI structured-outputs refusal — failed `extraction_failed` "no value for answer
 * (content)" with nothing saying why; the reasons were only in the drill-down's trajectory. The
 * message now says what the reply did instead. Real loopback server; the reply goes through the
 * adapter and the binding's compiled extraction as in `apply`.
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

async function extractionMessage(behaviour: Behaviour, output: Record<string, string>): Promise<string> {
  const server = await startCompatServer(behaviour);
  const adapter = createOpenaiAdapter(
    { protocol: 'openai', url: `${server.url}/v1`, model: 'gpt-4o' },
    { transport: new HttpTransport({ retries: 0 }) },
  );
  cleanups.push(
    () => adapter.close(),
    () => server.close(),
  );
  const outcome = await adapter.invoke('hi', testContext(AbortSignal.timeout(10_000)));
  if (!outcome.ok) throw new Error(outcome.error.message);
  const compiled = compileExtraction(output);
  if (!compiled.ok) throw new Error('extraction does not compile');
  const record = extractCandidates(
    { extraction: compiled.extraction, contentJson: true },
    outcome.trajectory,
  );
  if (record.ok) throw new Error('extraction did not fail');
  expect(record.error.kind).toBe('extraction_failed');
  return record.error.message;
}

/** Azure OpenAI when its content filter stops the completion: the message has no `content` key. */
const azureFiltered: Behaviour = () => ({
  json: {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    model: 'gpt-4o-2024-08-06',
    choices: [
      {
        index: 0,
        finish_reason: 'content_filter',
        message: { role: 'assistant' },
        content_filter_results: { violence: { filtered: true, severity: 'medium' } },
      },
    ],
    usage: { prompt_tokens: 12, completion_tokens: 0, total_tokens: 12 },
  },
});

describe('openai agent: an answer with no content says why', () => {
  it("names Azure's content filter", async () => {
    const message = await extractionMessage(azureFiltered, { answer: 'content' });
    expect(message).toBe(
      'no value for answer (content): the reply has no `content` text (finish_reason: content_filter)',
    );
  });

  it('names a tool call made instead of an answer', async () => {
    const message = await extractionMessage(
      () =>
        completion(
          null,
          {
            tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{}' } }],
          },
          { finish_reason: 'tool_calls' },
        ),
      { answer: 'content' },
    );
    expect(message).toContain(
      '(finish_reason: tool_calls; the model called tools: bind `choices[0].message.tool_calls`',
    );
  });

  it('names a refusal, with json too', async () => {
    const message = await extractionMessage(() => completion(null, { refusal: "I can't help with that." }), {
      answer: 'json.answer || content',
    });
    expect(message).toBe(
      'no value for answer (json.answer || content): the reply has no `content` text, so no `json` (finish_reason: stop; the model refused: bind `refusal` to read it)',
    );
  });
});
