/**
 * QA130: a judge every call of which failed (a wrong URL: 404) fails the run (QA48), but an example
 * whose agent call failed (a 500) records its judge metric as 0 without asking the judge, and that 0
 * was read as a verdict: the judge "scored something", apply exited 0 with no stderr line, no
 * `failedJudges` in `--json`, and report.md's verdict was ✅. Real loopback agent and judge servers.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCliAsync } from '../cli/run-cli.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { tempFolder } from '../fixtures/temp-folder.js';

const servers: Loopback[] = [];
let agentUrl: string;
let judgeUrl: string;

/** A loopback server whose handler sees the path, the body and the reply. */
async function listen(
  handle: (url: string, body: string, res: http.ServerResponse) => void,
): Promise<string> {
  const server = await startLoopback((req, res, body) => handle(req.url ?? '', body, res));
  servers.push(server);
  return server.url;
}

beforeAll(async () => {
  agentUrl = await listen((url, body, res) => {
    res.setHeader('content-type', 'application/json');
    if (url.startsWith('/info'))
      return res.end(JSON.stringify({ name: 'a', inputSchema: { type: 'object' } }));
    const q = (JSON.parse(body) as { input: { q: string } }).input.q;
    if (q === 'boom') {
      res.statusCode = 500;
      return res.end(JSON.stringify({ error: 'down' }));
    }
    res.end(JSON.stringify({ output: { answer: q } }));
  });
  judgeUrl = await listen((_url, _body, res) => {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: 'not found' } }));
  });
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

describe('a judge that scored nothing beside an example the agent failed (QA130)', () => {
  it('still fails the run: exit 1, the stderr line, failedJudges, ❌ in report.md', async () => {
    const dir = tempFolder('evalc-qa130-judge-');
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: judged, version: 1.0.0 }
agents:
  a: { protocol: raip, url: "${agentUrl}", limits: { retries: 0 } }
judges:
  j: { protocol: openai, url: "${judgeUrl}/v1", model: m, limits: { retries: 0 } }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi } }, { id: e2, vars: { q: yo } }, { id: e3, vars: { q: boom } } ] } }
    metrics: [ { type: judge, judge: j, content: "{{candidate.answer}}" } ]
run: { preflight: 0 }
`,
    );
    const run = await spawnCliAsync(['apply'], { cwd: dir, env: { CI: 'true' } });
    expect(run.stderr).toContain(
      'evalc: judge j scored nothing: all 2 of its scores failed (endpoint_not_found 2)',
    );
    expect(run.code).toBe(1);
    const again = await spawnCliAsync(['apply', '--json'], { cwd: dir, env: { CI: 'true' } });
    const result = JSON.parse(again.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(result).toMatchObject({ exitCode: 1, failedJudges: [{ judge: 'j', failed: 2 }] });
    const title = readFileSync(path.join(dir, '.evalc/reports/report.md'), 'utf8').split('\n')[0];
    expect(title).toContain('judge j scored nothing');
  });
});
