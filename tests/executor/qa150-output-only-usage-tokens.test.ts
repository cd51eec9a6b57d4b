/**
 * QA150: a reply whose `usage` reports output tokens only (`{completion_tokens: 7}`) counted 7 in
 * the `tokens` metric (its definition: total = input + output when not reported) and priced them
 * in `cost`, while the reports' tokens column (report.md's "Latency, tokens and cost" table,
 * report.json's `volatile.…tokens`, the lock's volatile figures) showed "—": it read only a
 * reported total. The column now counts as the metric does. Real apply against an
 * OpenAI-compatible server on loopback.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyInProcess } from '../protocols/apply-in-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function outputOnlyServer(): Promise<string> {
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'c',
          object: 'chat.completion',
          model: 'small-1',
          choices: [{ index: 0, message: { role: 'assistant', content: 'Paris' }, finish_reason: 'stop' }],
          usage: { completion_tokens: 7 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

describe('an output-only usage in the tokens column (QA150)', () => {
  it('is counted there as the tokens metric counts it', async () => {
    const url = await outputOnlyServer();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa150-tokens-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: qa150-tokens }
agents:
  o1: { protocol: openai, url: "${url}", model: small-1, limits: { retries: 0 } }
tasks:
  t1:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{q}}" }] }
        output: { answer: content }
    datasets: { d1: { examples: [ { id: s1, vars: { q: "capital?" }, expected: { answer: Paris } } ] } }
    metrics: [ { type: exact_match, candidate: answer, expected: answer }, { type: tokens } ]
run: { preflight: 0, bootstrap: 100 }
`,
    );
    expect((await applyInProcess(dir)).status).toBe('done');
    const report = JSON.parse(readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8')) as {
      volatile: Record<string, { tokens: unknown; measures: { tokens: unknown } }>;
    };
    const figures = report.volatile['o1/t1/d1'];
    expect(figures?.measures.tokens).toBe(7);
    expect(figures?.tokens).toBe(7);
    const markdown = readFileSync(path.join(dir, '.evalc/reports/report.md'), 'utf8');
    expect(markdown).toMatch(/\| `o1\/t1\/d1` \| \d+ \| \d+ \| 7 \|/);
  });
});
