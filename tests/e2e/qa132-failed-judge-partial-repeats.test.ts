/**
 * QA132: with `run.repeats: 2`, an example whose agent failed one repeat (a 500) and whose judge
 * failed the other (a 404) records its judge metric as score 0 with the judge's error: the failed
 * repeat's 0 was read as a verdict, so a judge answering 404 to every call exited 0 with nothing
 * said (4ede846 skipped only examples every repeat of which failed). A judge that answered the
 * repeats it was asked is still a result. Real loopback agent and judge servers.
 */
import { writeFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCliAsync } from '../cli/run-cli.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { tempFolder } from '../fixtures/temp-folder.js';

const servers: Loopback[] = [];
let agentUrl: string;
let downJudgeUrl: string;
let upJudgeUrl: string;

/** A loopback server whose handler sees the path, the body and the reply. */
async function listen(
  handle: (url: string, body: string, res: http.ServerResponse) => void,
): Promise<string> {
  const server = await startLoopback((req, res, body) => handle(req.url ?? '', body, res));
  servers.push(server);
  return server.url;
}

beforeAll(async () => {
  // Each question of `flaky-*` fails its first call only; `boom` fails every call.
  const calls = new Map<string, number>();
  agentUrl = await listen((url, body, res) => {
    res.setHeader('content-type', 'application/json');
    if (url.startsWith('/info'))
      return res.end(JSON.stringify({ name: 'a', inputSchema: { type: 'object' } }));
    const q = (JSON.parse(body) as { input: { q: string } }).input.q;
    const n = (calls.get(q) ?? 0) + 1;
    calls.set(q, n);
    if (q === 'boom' || (q.startsWith('flaky') && n === 1)) {
      res.statusCode = 500;
      return res.end(JSON.stringify({ error: 'down' }));
    }
    res.end(JSON.stringify({ output: { answer: q } }));
  });
  downJudgeUrl = await listen((_url, _body, res) => {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: 'not found' } }));
  });
  upJudgeUrl = await listen((_url, body, res) => {
    const request = JSON.parse(body) as {
      model: string;
      response_format?: {
        json_schema?: { schema?: { properties?: { dimensions?: { required?: string[] } } } };
      };
    };
    const ids = request.response_format?.json_schema?.schema?.properties?.dimensions?.required ?? [];
    const verdict = {
      dimensions: Object.fromEntries(ids.map((id) => [id, 1])),
      failureModes: [],
      rationale: 'ok',
    };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'c',
        object: 'chat.completion',
        model: request.model,
        choices: [
          {
            index: 0,
            finish_reason: 'stop',
            message: { role: 'assistant', content: JSON.stringify(verdict) },
          },
        ],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      }),
    );
  });
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

function plan(judgeUrl: string, flaky: string): string {
  return `evalc: 1
benchmark: { id: judged, version: 1.0.0 }
agents:
  a: { protocol: raip, url: "${agentUrl}", limits: { retries: 0 } }
judges:
  j: { protocol: openai, url: "${judgeUrl}/v1", model: m, limits: { retries: 0 } }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: ${flaky} } }, { id: e2, vars: { q: yo } }, { id: e3, vars: { q: boom } } ] } }
    metrics: [ { type: judge, judge: j, content: "{{candidate.answer}}" } ]
run: { preflight: 0, repeats: 2, concurrency: 1 }
`;
}

describe('a judge that scored nothing beside a repeat the agent failed (QA132)', () => {
  it('fails the run: exit 1 and the stderr line counting the 3 scores the judge was asked', async () => {
    const dir = tempFolder('evalc-qa132-judge-');
    writeFileSync(path.join(dir, 'evalc.yaml'), plan(downJudgeUrl, 'flaky-down'));
    const run = await spawnCliAsync(['apply'], { cwd: dir, env: { CI: 'true' } });
    expect(run.stderr).toContain(
      'evalc: judge j scored nothing: all 3 of its scores failed (endpoint_not_found 3)',
    );
    expect(run.code).toBe(1);
  });

  it('a judge that answered every repeat it was asked is a result: exit 0', async () => {
    const dir = tempFolder('evalc-qa132-judge-');
    writeFileSync(path.join(dir, 'evalc.yaml'), plan(upJudgeUrl, 'flaky-up'));
    const run = await spawnCliAsync(['apply'], { cwd: dir, env: { CI: 'true' } });
    expect(run.stderr).not.toContain('scored nothing');
    expect(run.code).toBe(0);
  });
});
