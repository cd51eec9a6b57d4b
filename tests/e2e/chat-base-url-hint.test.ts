/**
 * A chat agent's `url` is the endpoint itself (DESIGN §2: `…/agent/respond`). A plan that gives
 * the server's base URL, as RAIP's `url` is written, got `http_404` on every example with only
 * "HTTP 404" to go on; the error now says where the Connexity contract's endpoint would be.
 * An endpoint written with its path gets no such hint.
 */
import { readFileSync, writeFileSync } from 'node:fs';
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

async function applyAt(url: string): Promise<{ code: number | null; report: string }> {
  const ws = tempWorkspace('chat-base-url');
  cleanups.push(ws.cleanup);
  const plan = {
    evalc: 1,
    benchmark: { id: 'chat-url', version: '1.0.0' },
    agents: { a2: { protocol: 'chat', url } },
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
  const run = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir });
  expect(run.stderr).not.toMatch(/\n\s+at /);
  return { code: run.code, report: readFileSync(path.join(ws.dir, '.evalc/reports/report.json'), 'utf8') };
}

describe('a chat agent given a base URL', () => {
  it('fails http_404 with where the endpoint would be', async () => {
    const { report } = await applyAt(agent.url);
    expect(report).toContain('http_404');
    expect(report).toContain(
      `the Connexity contract's is ${agent.url}/agent/respond: url: ${agent.url}/agent/respond?`,
    );
  });

  it('passes with the endpoint written out, and a 404 on a path gets no hint', async () => {
    const ok = await applyAt(`${agent.url}/agent/respond`);
    expect(ok.code).toBe(0);
    expect(ok.report).not.toContain('http_404');
    const wrongPath = await applyAt(`${agent.url}/chat`);
    expect(wrongPath.report).toContain('http_404');
    expect(wrongPath.report).not.toContain('Connexity contract');
  });
});
