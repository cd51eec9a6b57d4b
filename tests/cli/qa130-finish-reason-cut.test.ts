/**
 * QA130 (review of c6a8e0c, "cut at a code point everywhere"): an OpenAI-compatible reply's
 * `finish_reason` is quoted up to 40 characters — the agent's extraction error (`the reply has no
 * content text … (finish_reason: …)`, json-content.ts) and the judge's non-verdict
 * (`no message content, finish_reason: …`, openai-judge.ts). Both kept `slice(0, 40)`: with an
 * emoji at the 40th unit, its first half was written as `\ud83d` in report.json/html and the step
 * cache and as U+FFFD in report.md, junit.xml and run.log. Real loopback agent and judge servers.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempFolder } from '../fixtures/temp-folder.js';
import { spawnCliAsync } from './run-cli.js';

const FINISH = `${'f'.repeat(39)}🔑-tail`;
let server: http.Server;
let url: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const request = JSON.parse(body) as { model: string; messages: { content: string }[] };
      const empty = request.model === 'judge-m' || request.messages.at(-1)?.content === 'empty';
      const message = { role: 'assistant', content: empty ? null : '{"answer":"ok"}' };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'x',
          object: 'chat.completion',
          model: request.model,
          choices: [{ index: 0, message, finish_reason: empty ? FINISH : 'stop' }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

const LONE_ESCAPE = /\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])|(?<!\\ud[89ab][0-9a-f]{2})\\ud[c-f][0-9a-f]{2}/i;

describe("a finish_reason with an emoji at the quote's cut (QA130)", () => {
  it('writes no lone surrogate for the agent or the judge', async () => {
    const dir = tempFolder('evalc-qa130-finish-');
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: qa130-finish, version: 1.0.0 }
agents:
  o: { protocol: openai, url: "${url}", model: agent-m, limits: { retries: 0 } }
judges:
  llm: { protocol: openai, url: "${url}", model: judge-m, rubric: r1, limits: { retries: 0 } }
rubrics:
  r1: { dimensions: [ { id: good, description: good, weight: 1 } ] }
tasks:
  t:
    bindings:
      default: { input: { messages: [ { role: user, content: "{{q}}" } ] }, output: { answer: json.answer } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: empty } }, { id: e2, vars: { q: full } } ] }
    metrics:
      - { type: judge, judge: llm, content: "{{candidate.answer}}" }
run: { preflight: 0 }
`,
    );
    const out = await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env: { CI: 'true' } });
    expect(out.stderr).not.toContain('Error:');
    const report = readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8');
    expect(report).toContain(
      `the reply has no \`content\` text, so no \`json\` (finish_reason: ${'f'.repeat(39)})`,
    );
    expect(report).toContain(`no message content, finish_reason: ${'f'.repeat(39)})`);
    const bad: string[] = [];
    for (const file of [path.join(dir, 'evalc.lock'), ...filesUnder(path.join(dir, '.evalc'))]) {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(readFileSync(file));
      if (text.includes('\ufffd') || LONE_ESCAPE.test(text)) bad.push(path.relative(dir, file));
    }
    expect(bad).toEqual([]);
  });
});
