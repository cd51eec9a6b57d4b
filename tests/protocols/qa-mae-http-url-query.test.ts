/**
 * Regression (QA): a mae `url` with a query string (`http://h/api?key=1`) was joined as text into
 * `http://h/api?key=1/execute_task` (the path never got /execute_task; the query value did).
 * `/execute_task` now goes on the path and the query stays. Real loopback agent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeTaskUrl } from '../../src/protocols/mae/http-transport.js';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { finalAnswer, maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';

let agent: Loopback;
const seen: string[] = [];
beforeAll(async () => {
  agent = await startLoopback((req, res) => {
    seen.push(req.url ?? '');
    sendJson(res, 200, { action: 'final_answer', summary: 'ok' });
  });
});
afterAll(async () => {
  await agent.close();
});

describe('mae http url with a query string', () => {
  it('puts /execute_task on the path and keeps the query', () => {
    expect(executeTaskUrl('http://h:5001/api?key=1')).toBe('http://h:5001/api/execute_task?key=1');
    expect(executeTaskUrl('http://h:5001/execute_task/?key=1')).toBe('http://h:5001/execute_task?key=1');
    expect(executeTaskUrl('http://h:5001')).toBe('http://h:5001/execute_task');
    expect(executeTaskUrl('http://h:5001/execute_task')).toBe('http://h:5001/execute_task');
  });

  it('posts to <path>/execute_task?<query> on a real agent', async () => {
    const adapter = makeMaeAdapter({ transport: 'http', url: `${agent.url}/api?key=1`, profile: 'agentv' });
    try {
      expect(finalAnswer(await adapter.invoke('task', maeContext()))).toBe('ok');
    } finally {
      await adapter.close();
    }
    expect(seen).toEqual(['/api/execute_task?key=1']);
  });
});
