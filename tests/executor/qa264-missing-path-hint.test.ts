/**
 * QA264: an `openai` agent answering with a tool-style JSON object in `content`
 * (`{"tool": "final_answer", "arguments": {"answer": …}}`), bound as `json.argument.answer` (a
 * typo), failed every example `extraction_failed` "no value for answer (json.argument.answer)":
 * nothing said where the path stopped. The message now names the missing field, the fields that
 * are there and the near one. Real loopback server; the reply goes through the adapter and the
 * binding's compiled extraction as in `apply`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { compileExtraction } from '../../src/binding/extract.js';
import { extractCandidates } from '../../src/executor/extract-candidates.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createOpenaiAdapter } from '../../src/protocols/openai/adapter.js';
import { completion, startCompatServer } from '../fixtures/qa19-openai-compat-server.js';
import { testContext } from '../protocols/conformance.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

const toolStyle = JSON.stringify({ tool: 'final_answer', arguments: { answer: 'Paris', confidence: 0.9 } });

async function extractionMessage(output: Record<string, string>, content = toolStyle): Promise<string> {
  const server = await startCompatServer(() => completion(content));
  const adapter = createOpenaiAdapter(
    { protocol: 'openai', url: `${server.url}/v1`, model: 'team-v1' },
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

describe('a missing plain output path says where it stops', () => {
  it('names the missing field, the fields there and the near one', async () => {
    expect(await extractionMessage({ answer: 'json.argument.answer' })).toBe(
      'no value for answer (json.argument.answer): `json` has no `argument`; its fields: `tool`, `arguments` (did you mean `json.arguments.answer`?)',
    );
  });

  it('says a path goes on past a text', async () => {
    expect(await extractionMessage({ answer: 'json.arguments.answer.text' })).toBe(
      'no value for answer (json.arguments.answer.text): `json.arguments.answer` is a string, with no fields',
    );
  });

  it('names a missing top-level field of the reply', async () => {
    const message = await extractionMessage({ answer: 'jsn.arguments.answer' });
    expect(message).toMatch(
      /^no value for answer \(jsn\.arguments\.answer\): the reply has no `jsn`; its fields: /,
    );
    expect(message).toContain('(did you mean `json.arguments.answer`?)');
  });

  it('cuts a long field name of the reply', async () => {
    const long = 'k'.repeat(100);
    const message = await extractionMessage({ answer: 'json.answer' }, JSON.stringify({ [long]: 1 }));
    expect(message).toBe(
      `no value for answer (json.answer): \`json\` has no \`answer\`; its fields: \`${'k'.repeat(40)}…\``,
    );
  });

  it('says where each of several missing paths stops (QA269: the first only)', async () => {
    expect(
      await extractionMessage({
        answer: 'json.argument.answer',
        b: 'json.arguments.answer.x',
        c: 'json.tool',
      }),
    ).toBe(
      'no value for answer, b (json.argument.answer, json.arguments.answer.x): answer: `json` has no `argument`; its fields: `tool`, `arguments` (did you mean `json.arguments.answer`?); b: `json.arguments.answer` is a string, with no fields',
    );
  });

  it('a path that resolves keeps its value', async () => {
    const server = await startCompatServer(() => completion(toolStyle));
    const adapter = createOpenaiAdapter(
      { protocol: 'openai', url: `${server.url}/v1`, model: 'team-v1' },
      { transport: new HttpTransport({ retries: 0 }) },
    );
    cleanups.push(
      () => adapter.close(),
      () => server.close(),
    );
    const outcome = await adapter.invoke('hi', testContext(AbortSignal.timeout(10_000)));
    if (!outcome.ok) throw new Error(outcome.error.message);
    const compiled = compileExtraction({ answer: 'json.arguments.answer' });
    if (!compiled.ok) throw new Error('extraction does not compile');
    expect(
      extractCandidates({ extraction: compiled.extraction, contentJson: true }, outcome.trajectory),
    ).toEqual({
      ok: true,
      values: { answer: 'Paris' },
    });
  });
});
