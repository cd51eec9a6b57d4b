/**
 * QA297: an `mae` agent whose final reply carries its answer as a list (or an object, a number) —
 * `{"action":"final_answer","answer":["ok","ok"]}` — has no final answer (one is a text), so
 * `output.answer` is null, and the example failed `extraction_failed` "no value for answer
 * (output.answer)", nothing saying the agent did send an answer, nor where it stays. The message
 * now says what the field held and what to bind. Real loopback agent; the reply goes through the
 * adapter and the binding's compiled extraction as in `apply`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileExtraction } from '../../src/binding/extract.js';
import { extractCandidates } from '../../src/executor/extract-candidates.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';

const REPLIES: Record<string, unknown> = {
  list: { action: 'final_answer', answer: ['ok', 'ok'], x: [1] },
  object: { action: 'final_answer', summary: { text: 'ok' } },
  number: { action: 'final_answer', answer: 42 },
  text: { action: 'final_answer', answer: 'ok' },
  none: { action: 'final_answer' },
};

let server: Loopback;
let url = '';
beforeAll(async () => {
  server = await startLoopback((_req, res, text) => {
    const task = String((JSON.parse(text) as { task_description?: unknown }).task_description);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(REPLIES[task] ?? REPLIES.none));
  });
  url = `${server.url}/execute_task`;
});
afterAll(() => server.close());

async function extract(task: string, output: Record<string, string>) {
  const adapter = makeMaeAdapter({ transport: 'http', url });
  try {
    const outcome = await adapter.invoke(task, maeContext());
    if (!outcome.ok) throw new Error(outcome.error.message);
    const compiled = compileExtraction(output);
    if (!compiled.ok) throw new Error('extraction does not compile');
    return extractCandidates({ extraction: compiled.extraction, maeOutput: true }, outcome.trajectory);
  } finally {
    await adapter.close();
  }
}

const message = async (task: string, output: Record<string, string>) => {
  const record = await extract(task, output);
  if (record.ok) throw new Error('extraction did not fail');
  expect(record.error.kind).toBe('extraction_failed');
  return record.error.message;
};

describe('an mae final answer that is not a text', () => {
  it('says the final reply held a list, and what to bind', async () => {
    expect(await message('list', { answer: 'output.answer' })).toBe(
      "no value for answer (output.answer): `output.answer` is null: the final reply's `answer` is a list, and an mae final answer is a text (the first of `summary`, `answer`, `instructions`, `message`, `content` that is one); bind `actions[-1].answer` to read it as sent",
    );
    const bound = await extract('list', { answer: 'actions[-1].answer' });
    expect(bound).toEqual({ ok: true, values: { answer: ['ok', 'ok'] } });
  });

  it('names an object or a number, and the field it was under', async () => {
    expect(await message('object', { answer: 'output.answer' })).toContain(
      "the final reply's `summary` is an object, and an mae final answer is a text",
    );
    expect(await message('number', { answer: 'output.answer' })).toContain(
      "the final reply's `answer` is a number",
    );
  });

  it('says it beside another missing output, each after its name', async () => {
    expect(await message('list', { answer: 'output.answer', y: 'output.y' })).toBe(
      "no value for answer, y (output.answer, output.y): answer: `output.answer` is null: the final reply's `answer` is a list, and an mae final answer is a text (the first of `summary`, `answer`, `instructions`, `message`, `content` that is one); bind `actions[-1].answer` to read it as sent; y: `output` has no `y`; its fields: `action`, `answer`, `x`",
    );
  });

  it('adds nothing when the reply had no answer at all, and reads a text answer', async () => {
    expect(await message('none', { answer: 'output.answer' })).toBe('no value for answer (output.answer)');
    expect(await extract('text', { answer: 'output.answer' })).toEqual({
      ok: true,
      values: { answer: 'ok' },
    });
  });
});
