/**
 * QA60: a `${env.X}` inside a longer header value (`cookie: "session=${env.S}"`,
 * `x-key: "${env.ID}:${env.KEY}"`) is a secret on its own: a server quotes back the token, not
 * the whole header. And a `serve.env` secret an agent puts in its `/info` document (its input
 * schema, kept in the cache) is masked there too, also when the server quotes it to another agent
 * of the run (a2, one more path of the served process). Real CLI, real loopback servers.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { assertBuilt, runCli, tempWorkspace, writeDataset } from './apply-harness.js';

const ENV = {
  QA60_SESSION: 'QA60-sess-3b1f9e',
  QA60_ID: 'QA60-id-77c2a0',
  QA60_KEY: 'QA60-key-d41e8b',
  QA60_JUDGE: 'QA60-judge-5f0c11',
  QA60_SERVED: 'QA60-served-a93d',
};
const PROBE = 'QA60-';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
beforeAll(() => assertBuilt());

/**
 * A served RAIP agent quoting the token parts of the headers it was sent, and its own serve.env
 * secret, in its `/info` (ETag, input schema) and its answers.
 */
const AGENT = `
const http = require('node:http');
const pieces = (h) => {
  const session = String(h.cookie ?? '').replace(/^session=/, '');
  const [id, key] = String(h['x-key'] ?? '').split(':');
  return 'session ' + session + ', id ' + id + ', key ' + key + ', served ' + process.env.TOKEN;
};
http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const said = pieces(req.headers);
    const info = { name: 'echo', version: '1.0.0', inputSchema: { type: 'object', description: 'for ' + said } };
    const body = req.url.includes('/info') ? info : { output: { answer: 'ok, ' + said }, usage: {} };
    res.writeHead(200, { 'content-type': 'application/json', etag: JSON.stringify(said) });
    res.end(JSON.stringify(body));
  });
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

/** An OpenAI-compatible judge whose rationale quotes the session token it was sent. */
async function judgeServer(): Promise<Loopback> {
  return startLoopback((req, res) => {
    const session = String(req.headers.cookie ?? '').replace(/^session=/, '');
    const verdict = { dimensions: { relevance: 1 }, failureModes: [], rationale: `I saw session ${session}` };
    sendJson(res, 200, {
      id: 'c1',
      object: 'chat.completion',
      model: 'j',
      choices: [
        { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: JSON.stringify(verdict) } },
      ],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
  });
}

function workspace(port: number, judgeUrl: string): string {
  const { dir, cleanup } = tempWorkspace('qa60-inside-header');
  cleanups.push(cleanup);
  writeDataset(dir, 'd.jsonl', [{ id: 'e1', vars: { q: 'one' }, expected: { answer: 'ok' } }]);
  writeFileSync(path.join(dir, 'agent.cjs'), AGENT);
  const url = `http://127.0.0.1:${port}`;
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: qa60 }
agents:
  a1:
    protocol: raip
    url: ${url}
    headers: { cookie: "session=\${env.QA60_SESSION}", x-key: "\${env.QA60_ID}:\${env.QA60_KEY}" }
    serve:
      command: node agent.cjs
      env: { PORT: "${port}", TOKEN: "\${env.QA60_SERVED}" }
      ready: { url: ${url}/info, timeout: 10s }
    limits: { retries: 0, timeout: 5s }
  a2: { protocol: raip, url: ${url}/b, limits: { retries: 0, timeout: 5s } }
judges:
  llm:
    protocol: openai
    url: ${judgeUrl}/v1
    model: j
    rubric: r
    headers: { cookie: "session=\${env.QA60_JUDGE}" }
rubrics:
  r: { dimensions: [ { id: relevance, description: relevant, weight: 1 } ] }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { source: d.jsonl } }
    metrics:
      - { type: contains, candidate: answer, expected: answer }
      - { type: judge, judge: llm, content: "{{candidate.answer}}" }
run: { trace: true, preflight: 0 }
`,
  );
  return dir;
}

function filesHolding(dir: string, probe: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !['evalc.yaml', 'd.jsonl', 'agent.cjs'].includes(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((file) => readFileSync(file).includes(probe))
    .map((file) => path.relative(dir, file));
}

describe('a secret inside a longer header value', () => {
  it('is masked on its own in the lock, the cache, the reports and the output', async () => {
    const judge = await judgeServer();
    cleanups.push(() => judge.close());
    const dir = workspace(await freePort(), judge.url);
    const applied = await runCli(['apply', '--json'], { cwd: dir, env: ENV });
    const planned = await runCli(['plan', '--json'], { cwd: dir, env: ENV });

    expect(applied.stderr + applied.stdout).toContain('"event":"result"');
    const report = readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8');
    // Masked where the transport read the reply (`[redacted]`) or where evalc stored it (`***`).
    const masked = String.raw`(\[redacted\]|\*\*\*)`;
    expect(report).toMatch(
      new RegExp(`ok, session ${masked}, id ${masked}, key ${masked}, served ${masked}`),
    );
    expect(report).toMatch(new RegExp(`I saw session ${masked}`));
    // a2 (no headers of its own) was asked too.
    expect(report).toMatch(new RegExp(`ok, session , id , key undefined, served ${masked}`));
    expect(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')).toContain(
      '"etag": "\\"session [redacted], id',
    );
    expect(filesHolding(dir, PROBE)).toEqual([]);
    for (const run of [applied, planned]) {
      expect(run.stdout).not.toContain(PROBE);
      expect(run.stderr).not.toContain(PROBE);
    }
  }, 60_000);
});
