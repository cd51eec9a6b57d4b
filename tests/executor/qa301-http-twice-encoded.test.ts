/**
 * QA301 (the case beside QA293's 4c4b8912): an `http` agent whose reply is encoded twice (a Python
 * route returning json.dumps(result), `"{\"output\": …}"`) failed every example
 * 'extraction_failed: no value for answer (output.answer)', nothing saying the reply was a string
 * holding the object the path names, as raip, chat, mae and openai agents are told. Real loopback
 * server; the reply goes through the adapter and the binding's compiled extraction as in `apply`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { compileExtraction } from '../../src/binding/extract.js';
import { extractCandidates } from '../../src/executor/extract-candidates.js';
import { createHttpAdapter } from '../../src/protocols/generic-http/adapter.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { sendJson, startLoopback } from '../fixtures/loopback.js';
import { testContext } from '../protocols/conformance.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0)) await close();
});

async function extraction(reply: unknown, output: Record<string, string>) {
  const server = await startLoopback((req, res) => {
    req.resume();
    sendJson(res, 200, reply);
  });
  cleanups.push(() => server.close());
  const adapter = createHttpAdapter(
    { protocol: 'http', url: `${server.url}/invoke`, method: 'POST' },
    { transport: new HttpTransport({ timeoutMs: 2_000, retries: 0 }) },
  );
  cleanups.push(() => adapter.close());
  const outcome = await adapter.invoke({ q: 'x' }, testContext(AbortSignal.timeout(5_000)));
  if (!outcome.ok) throw new Error(outcome.error.message);
  const compiled = compileExtraction(output);
  if (!compiled.ok) throw new Error('extraction does not compile');
  return extractCandidates({ extraction: compiled.extraction }, outcome.trajectory);
}

describe('an http agent reply encoded twice (QA301)', () => {
  it('says so when a path finds nothing in it', async () => {
    const record = await extraction(JSON.stringify({ output: { answer: 'Paris' } }), {
      answer: 'output.answer',
      n: 'output.n',
    });
    expect(record.ok ? 'extracted' : record.error.message).toBe(
      'no value for answer, n (output.answer, output.n); the reply is a JSON string holding a JSON object: it was encoded twice (a route returning json.dumps(…) is encoded once more by its framework): send the object itself',
    );
  });

  it('a reply that is a plain string, or the object itself, is read as before', async () => {
    const text = await extraction('Paris', { answer: 'output.answer' });
    expect(text.ok ? 'extracted' : text.error.message).toBe('no value for answer (output.answer)');
    const once = await extraction({ output: { answer: 'Paris' } }, { answer: 'output.answer' });
    expect(once).toEqual({ ok: true, values: { answer: 'Paris' } });
  });
});
