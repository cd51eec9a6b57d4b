/**
 * QA123: an OpenAI-compatible judge's reply that is no verdict is quoted cut at 120 characters
 * (read-verdict.ts). The cut was `slice(0, 120)`: with an emoji at the 120th unit, its first half
 * was written as `\ud83d` in report.json/md/html, junit.xml, run.log and the step cache.
 * Real loopback agent and judge servers.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { spawnCliAsync } from './run-cli.js';

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
    res.writeHead(200, { 'content-type': 'application/json' });
    if (url.startsWith('/info'))
      return res.end(JSON.stringify({ name: 'a', inputSchema: { type: 'object' } }));
    res.end(JSON.stringify({ output: { answer: (JSON.parse(body) as { input: { q: string } }).input.q } }));
  });
  judgeUrl = await listen((_url, _body, res) => {
    const content = `${'p'.repeat(119)}🔑 not a verdict at all`;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'x',
        object: 'chat.completion',
        model: 'm',
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
      }),
    );
  });
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

const LONE_ESCAPE = /\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])|(?<!\\ud[89ab][0-9a-f]{2})\\ud[c-f][0-9a-f]{2}/i;

describe("a judge reply with an emoji at the quote's cut (QA123)", () => {
  it('writes no lone surrogate', async () => {
    const dir = tempFolder('evalc-qa123-judge-cut-');
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: qa123-judge-cut, version: 1.0.0 }
agents:
  a: { protocol: raip, url: ${agentUrl}, limits: { retries: 0 } }
judges:
  llm: { protocol: openai, url: ${judgeUrl}/v1, model: m, limits: { retries: 0 } }
rubrics:
  r1:
    dimensions:
      - { id: relevance, description: Is it relevant }
tasks:
  t:
    bindings:
      default: { input: { q: "{{q}}" }, output: { answer: output.answer } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi } } ] }
    metrics:
      - { type: judge, judge: llm, rubric: r1 }
`,
    );
    const out = await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env: { CI: 'true' } });
    expect(out.code, out.stderr).toBe(1);
    expect(readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8')).toContain('p'.repeat(100));
    const bad: string[] = [];
    for (const file of [path.join(dir, 'evalc.lock'), ...filesUnder(path.join(dir, '.evalc'))]) {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(readFileSync(file));
      if (text.includes('\ufffd') || LONE_ESCAPE.test(text)) bad.push(path.relative(dir, file));
    }
    expect(bad).toEqual([]);
  });
});
