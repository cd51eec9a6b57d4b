/**
 * QA190 (the case next to QA185's 25a817b, which quotes an `error` that is no string as its JSON):
 * an agent's `{"action": "error", "error": true, "message": "quota spent"}` (an error flag beside
 * its text) read 'agent reported an error: true', and `{"error": {"code": 5}, "message": "quota
 * spent"}` 'agent reported an error: {"code":5}', where before 25a817b both quoted 'quota spent'.
 * An `error` of no text gives way to the `message` or `summary` beside it; its JSON is said only
 * when nothing else is. Real loopback server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';

const REPLIES: Record<string, unknown> = {
  flag: { action: 'error', error: true, message: 'quota spent' },
  'flag-summary': { action: 'error', error: false, summary: 'quota spent' },
  'flag-alone': { action: 'error', error: true },
  'code-and-message': { action: 'error', error: { code: 5 }, message: 'quota spent' },
  'code-alone': { action: 'error', error: { code: 5 } },
  'number-alone': { action: 'error', error: 404 },
  'empty-object': { action: 'error', error: {} },
  'empty-list': { action: 'error', error: [] },
  'object-message': { action: 'error', error: { code: 5, message: 'disk full' }, message: 'quota spent' },
};

let agent: Loopback;
beforeAll(async () => {
  agent = await startLoopback((_req, res, body) => {
    const task = (JSON.parse(body) as { task_description: string }).task_description;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(REPLIES[task]));
  });
});
afterAll(async () => agent.close());

async function messageOf(task: string): Promise<string> {
  const adapter = makeMaeAdapter({ transport: 'http', url: agent.url, profile: 'seed' });
  try {
    const outcome = await adapter.invoke(task, maeContext());
    if (outcome.ok) throw new Error('expected a failure');
    expect(outcome.error.kind).toBe('contract_error');
    return outcome.error.message;
  } finally {
    await adapter.close();
  }
}

describe('mae error action whose error is no text (QA190)', () => {
  it('quotes the message or summary beside an error flag or code', async () => {
    expect(await messageOf('flag')).toBe('agent reported an error: quota spent');
    expect(await messageOf('flag-summary')).toBe('agent reported an error: quota spent');
    expect(await messageOf('code-and-message')).toBe('agent reported an error: quota spent');
    expect(await messageOf('object-message')).toBe('agent reported an error: disk full');
  });

  it("says an error's JSON only when nothing else is there; a flag, {} or [] alone is no text", async () => {
    expect(await messageOf('code-alone')).toBe('agent reported an error: {"code":5}');
    expect(await messageOf('number-alone')).toBe('agent reported an error: 404');
    for (const task of ['flag-alone', 'empty-object', 'empty-list'])
      expect(await messageOf(task)).toBe(
        'agent reported an error (action: error, with no error, message or summary text)',
      );
  });
});
