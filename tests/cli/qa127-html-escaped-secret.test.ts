/**
 * Regression (QA127, review of 5871cd8): a secret an agent echoes in its HTML error page, escaped
 * as HTML escapes it (Express's page: `'` as `&#39;`, `&` as `&amp;`, `<` as `&lt;`) or written
 * as numeric references, is masked in everything apply keeps. Before 5871cd8 the page was quoted
 * undecoded, so the escaped secret matched no mask and stood in report.json, report.html and the
 * step cache (`Bearer s3cr&#39;et&amp;&lt;tok&gt;-1234567890`); decoding now precedes the masking.
 * Real loopback RAIP agent.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyCommand } from '../../src/cli/apply.js';
import { runCommand } from './run-cli.js';

const SECRET = "s3cr'et&<tok>-1234567890";
const esc = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function agent(): Promise<string> {
  let n = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ name: 'a', version: '1', inputSchema: { type: 'object' } }));
        return;
      }
      const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
      const shown = n++ % 2 === 0 ? esc(token) : [...token].map((c) => `&#${c.codePointAt(0)};`).join('');
      res.writeHead(500, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!DOCTYPE html><html><body><pre>Error: bad token ${shown}<br> &nbsp; &nbsp;at /srv/a.js:1:1</pre></body></html>`,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

describe('a secret escaped in an HTML error page (QA127)', () => {
  it('is masked in the lock, the reports and the step cache', async () => {
    const url = await agent();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa127-esc-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: qa127-esc }
agents:
  a: { protocol: raip, url: "${url}", headers: { authorization: "Bearer \${env.TOK}" }, limits: { retries: 0, concurrency: 1 } }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: x }, expected: { answer: y } }, { id: e2, vars: { q: z }, expected: { answer: y } } ] } }
    metrics: [ { type: exact_match } ]
`,
    );
    const result = await runCommand(applyCommand, ['evalc.yaml'], { cwd: dir, env: { TOK: SECRET } });
    expect(result.stdout).toContain('http_500 2');
    const kept = [path.join(dir, 'evalc.lock'), ...filesUnder(path.join(dir, '.evalc'))];
    const leaks = kept.filter((file) => readFileSync(file, 'latin1').includes('1234567890'));
    expect(leaks.map((file) => path.relative(dir, file))).toEqual([]);
    const report = readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8');
    expect(report).toContain('bad token ***');
  }, 30_000);
});
