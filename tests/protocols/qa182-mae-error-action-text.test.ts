/**
 * Regression (QA182): a mae agent's `{"action": "error"}` with no `error`, `message` or `summary`
 * fails `contract_error` saying it carried no text; it read "agent reported an error: agent
 * reported an error". One with text still quotes it. Real loopback server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';

let agent: Loopback;
beforeAll(async () => {
  agent = await startLoopback((_req, res, body) => {
    const task = (JSON.parse(body) as { task_description: string }).task_description;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        task === 'bare'
          ? { action: 'error' }
          : task === 'blank'
            ? { action: 'error', error: '  ', message: '\n' }
            : task === 'blank-then-summary'
              ? { action: 'error', error: ' ', summary: 'quota spent' }
              : task === 'object'
                ? { action: 'error', error: { code: 5, message: 'quota spent' } }
                : task === 'object-without-message'
                  ? { action: 'error', error: { code: 5 } }
                  : { action: 'error', error: 'no such order' },
      ),
    );
  });
});
afterAll(async () => agent.close());

async function errorOf(task: string): Promise<{ kind: string; message: string }> {
  const adapter = makeMaeAdapter({ transport: 'http', url: agent.url, profile: 'seed' });
  try {
    const outcome = await adapter.invoke(task, maeContext());
    if (outcome.ok) throw new Error('expected a failure');
    return { kind: outcome.error.kind, message: outcome.error.message };
  } finally {
    await adapter.close();
  }
}

describe('mae error action (QA182)', () => {
  it('an error reply without text says so, once', async () => {
    expect(await errorOf('bare')).toEqual({
      kind: 'contract_error',
      message: 'agent reported an error (action: error, with no error, message or summary text)',
    });
  });

  it('an error reply whose texts are blank says it carried none (QA185: it read "agent reported an error: ")', async () => {
    expect(await errorOf('blank')).toEqual({
      kind: 'contract_error',
      message: 'agent reported an error (action: error, with no error, message or summary text)',
    });
    expect(await errorOf('blank-then-summary')).toEqual({
      kind: 'contract_error',
      message: 'agent reported an error: quota spent',
    });
  });

  it('an error reply whose error is an object quotes its message, else its JSON (QA185: "with no … text")', async () => {
    expect(await errorOf('object')).toEqual({
      kind: 'contract_error',
      message: 'agent reported an error: quota spent',
    });
    expect(await errorOf('object-without-message')).toEqual({
      kind: 'contract_error',
      message: 'agent reported an error: {"code":5}',
    });
  });

  it('an error reply with text quotes it', async () => {
    expect(await errorOf('order')).toEqual({
      kind: 'contract_error',
      message: 'agent reported an error: no such order',
    });
  });
});
