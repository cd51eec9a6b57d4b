/**
 * QA123: an agent's own error text is quoted cut at 200 UTF-16 units (`; the agent said: …` of a
 * 2xx `{error}`, a 422's `{error}`, a 500's body). The cut was `slice(0, 200)`: with an emoji at
 * the 200th unit it kept the first half of the surrogate pair, written as `\ud83d` in report.json,
 * report.html and the step cache, and as U+FFFD in report.md and junit.xml. 44c9c5b moved four
 * quoting sites to a code-point cut (src/protocols/quote-cut.ts); these were left on the old one.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempFolder } from '../fixtures/temp-folder.js';
import { spawnCliAsync } from './run-cli.js';

let server: http.Server;
let url: string;
const env = { CI: 'true' };
// 199 units, then an emoji whose first half is the 200th unit
const SAID = `${'p'.repeat(199)}🔑 and the rest of what the agent said`;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url?.endsWith('/info')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ name: 'cut', inputSchema: { type: 'object' } }));
      }
      const status = Number(req.url?.split('/')[1]);
      if (req.url?.includes('/chat')) {
        // a chat agent's failed reply: its body is kept in the error's details, cut at 500
        res.writeHead(status, { 'content-type': 'text/plain' });
        return res.end(`${'q'.repeat(499)}🔑 and more`);
      }
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: SAID }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const plan = (status: number) => `evalc: 1
benchmark: { id: qa123-cut, version: 1.0.0 }
agents:
  a: { protocol: raip, url: ${url}/${status}, limits: { retries: 0 } }
tasks:
  t:
    bindings:
      default: { input: { q: "{{q}}" }, output: { answer: output.answer } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }
    metrics:
      - { type: exact_match, candidate: answer, expected: answer }
`;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

const LONE_ESCAPE = /\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])|(?<!\\ud[89ab][0-9a-f]{2})\\ud[c-f][0-9a-f]{2}/i;

const chatPlan = (status: number) => `evalc: 1
benchmark: { id: qa123-cut, version: 1.0.0 }
agents:
  a: { protocol: chat, url: ${url}/${status}/chat, limits: { retries: 0 } }
tasks:
  t:
    bindings:
      default: { input: { messages: [{ role: user, content: "{{q}}" }] }, output: { answer: "messages[-1].content" } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }
    metrics:
      - { type: exact_match, candidate: answer, expected: answer }
`;

describe('an agent error with an emoji at the 200th unit (QA123)', () => {
  it.each([
    ['raip', 200],
    ['raip', 422],
    ['raip', 500],
    ['chat', 500],
  ] as const)('%s, HTTP %i: no lone surrogate in any file written', async (protocol, status) => {
    const dir = tempFolder('evalc-qa123-cut-');
    writeFileSync(path.join(dir, 'evalc.yaml'), protocol === 'chat' ? chatPlan(status) : plan(status));
    const out = await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env });
    expect(out.code, out.stderr).toBe(1);
    const files = [path.join(dir, 'evalc.lock'), ...filesUnder(path.join(dir, '.evalc'))];
    const report = readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8');
    expect(report).toContain(protocol === 'chat' ? 'q'.repeat(400) : 'p'.repeat(150));
    const bad: string[] = [];
    for (const file of files) {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(readFileSync(file));
      if (text.includes('\ufffd') || LONE_ESCAPE.test(text)) bad.push(path.relative(dir, file));
      if (/\.json$|evalc\.lock$/.test(file)) JSON.parse(text);
    }
    expect(bad).toEqual([]);
  });
});
