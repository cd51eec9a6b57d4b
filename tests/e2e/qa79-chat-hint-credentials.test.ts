/**
 * The base-URL hint of a chat agent that answered 404 (8cc3446) quoted the url whole: a literal
 * `http://user:password@host:port` (a plan warning, "evalc never sends them") reached report.md,
 * report.json, junit.xml and steps.log through it, where every request is named by origin and
 * path only (QA79).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

let agent: Loopback;
const cleanups: (() => void)[] = [];
beforeAll(async () => {
  assertBuilt();
  agent = await startLoopback((req, res) => {
    if (req.url !== '/agent/respond') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not Found');
      return;
    }
    sendJson(res, 200, { messages: [{ role: 'assistant', content: 'hi' }] });
  });
});
afterAll(async () => {
  await agent.close();
  for (const c of cleanups) c();
});

describe('the chat base-URL hint', () => {
  it('names the endpoint without the url credentials', async () => {
    const ws = tempWorkspace('qa79-chat-hint');
    cleanups.push(ws.cleanup);
    const withCredentials = agent.url.replace('http://', 'http://bob:hunter2pw@');
    const plan = {
      evalc: 1,
      benchmark: { id: 'chat-url', version: '1.0.0' },
      agents: { a: { protocol: 'chat', url: withCredentials } },
      tasks: {
        t: {
          bindings: {
            default: {
              input: { messages: [{ role: 'user', content: '{{q}}' }] },
              output: { answer: 'messages[-1].content' },
            },
          },
          datasets: { d: { examples: [{ id: 'e1', vars: { q: 'hello' }, expected: { answer: 'hi' } }] } },
          metrics: [{ type: 'contains', candidate: 'answer', expected: 'answer' }],
        },
      },
    };
    writeFileSync(path.join(ws.dir, 'evalc.yaml'), JSON.stringify(plan));
    const run = await runCli(['apply', 'evalc.yaml', '--quiet'], {
      cwd: ws.dir,
      env: { EVALC_CACHE_DIR: '' },
    });
    expect(run.stderr).not.toContain('hunter2pw');
    const reports = path.join(ws.dir, '.evalc/reports');
    const json = readFileSync(path.join(reports, 'report.json'), 'utf8');
    expect(json).toContain(`the Connexity contract's is ${agent.url}/agent/respond`);
    for (const f of readdirSync(reports))
      expect(readFileSync(path.join(reports, f), 'utf8')).not.toContain('hunter2pw');
    expect(readFileSync(path.join(ws.dir, '.evalc/cache/steps.log'), 'utf8')).not.toContain('hunter2pw');
  });
});
