/**
 * A chat agent's `url` is the endpoint itself (DESIGN §2: `…/agent/respond`). A plan that gives
 * the server's base URL, as RAIP's `url` is written, got `http_404` on every example with only
 * "HTTP 404" to go on; the error now says where the Connexity contract's endpoint would be.
 * An endpoint written with its path gets no such hint, and the hint never quotes a url's
 * `user:password` (QA79: a literal one reached report.md, report.json, junit.xml and steps.log,
 * where every request is named by origin and path only).
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

async function applyAt(
  url: string,
): Promise<{ code: number | null; report: string; dir: string; stderr: string }> {
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
  const run = await runCli(['apply', 'evalc.yaml', '--quiet'], {
    cwd: ws.dir,
    env: { EVALC_CACHE_DIR: '' },
  });
  expect(run.stderr).not.toMatch(/\n\s+at /);
  const report = readFileSync(path.join(ws.dir, '.evalc/reports/report.json'), 'utf8');
  return { code: run.code, report, dir: ws.dir, stderr: run.stderr };
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

  it('names the endpoint without the url credentials (QA79)', async () => {
    const { report, dir, stderr } = await applyAt(agent.url.replace('http://', 'http://bob:hunter2pw@'));
    expect(stderr).not.toContain('hunter2pw');
    expect(report).toContain(`the Connexity contract's is ${agent.url}/agent/respond`);
    const reports = path.join(dir, '.evalc/reports');
    for (const f of readdirSync(reports))
      expect(readFileSync(path.join(reports, f), 'utf8')).not.toContain('hunter2pw');
    expect(readFileSync(path.join(dir, '.evalc/cache/steps.log'), 'utf8')).not.toContain('hunter2pw');
  });
});
