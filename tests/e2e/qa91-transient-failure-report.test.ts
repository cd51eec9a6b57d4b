/**
 * Regression (QA91): a transient failure (here a 429) is never cached, only noted beside its step
 * (`#last-error`), and the reports read the step's own record first. After `apply --refresh` (or
 * any re-run of a step the cache holds) that record is an earlier run's: report.md showed the
 * 429 with no message (the earlier answer's trajectory was read) or with the earlier run's
 * `invalid_json` message under `http_429`, and report.json gave the failed example the earlier
 * run's metric details (`exact_match` passed, score 0). Real loopback OpenAI-compatible server,
 * the built CLI.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

let mode: 'answer' | 'limited' = 'answer';
let server: Loopback;
beforeAll(async () => {
  assertBuilt();
  server = await startLoopback((_req, res, text) => {
    const body = JSON.parse(text) as { messages: { content: string }[] };
    const q = body.messages.at(-1)?.content ?? '';
    if (mode === 'limited') {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
      res.end(JSON.stringify({ error: { message: 'Rate limit reached for requests', type: 'rate_limit' } }));
      return;
    }
    if (q === 'broken') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"choices": [');
      return;
    }
    sendJson(res, 200, {
      object: 'chat.completion',
      model: 'm1',
      choices: [{ index: 0, message: { role: 'assistant', content: q }, finish_reason: 'stop' }],
    });
  });
});
afterAll(async () => {
  await server.close();
});

describe('reports after a re-run that failed transiently', () => {
  it('say this run’s 429, not the earlier answer or failure', async () => {
    const ws = tempWorkspace('qa91-429');
    try {
      const plan = {
        evalc: 1,
        benchmark: { id: 'rl', version: '1.0.0' },
        agents: { m: { protocol: 'openai', url: `${server.url}/v1`, model: 'm1', limits: { retries: 0 } } },
        tasks: {
          t: {
            bindings: { default: { input: '{{q}}', output: { answer: 'content' } } },
            datasets: { d: { source: 'd.jsonl' } },
            metrics: [{ type: 'exact_match', expected: 'answer' }],
          },
        },
        run: { seed: 7, bootstrap: 200, preflight: 0 },
      };
      writeFileSync(path.join(ws.dir, 'evalc.yaml'), JSON.stringify(plan));
      const rows = [
        { id: 'good', vars: { q: 'Paris' }, expected: { answer: 'Paris' } },
        { id: 'bad', vars: { q: 'broken' }, expected: { answer: 'broken' } },
      ];
      writeFileSync(path.join(ws.dir, 'd.jsonl'), `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`);
      mode = 'answer';
      const first = await runCli(['apply', '--quiet'], { cwd: ws.dir });
      expect(first.stderr).toBe('');
      mode = 'limited';
      const second = await runCli(['apply', '--refresh', '--quiet'], { cwd: ws.dir });
      expect(second.code).toBe(1);
      const md = readFileSync(path.join(ws.dir, '.evalc/reports/report.md'), 'utf8');
      const limited = md.split('\n').filter((line) => line.includes('`http_429`'));
      expect(limited.length).toBeGreaterThan(0);
      for (const line of limited) expect(line).not.toContain('not JSON');
      expect(md).toContain('Rate limit reached for requests');
      expect(md).not.toContain('reply is not JSON');
      const report = JSON.parse(readFileSync(path.join(ws.dir, '.evalc/reports/report.json'), 'utf8')) as {
        examples: {
          example: string;
          repeats?: { error?: { kind: string; message: string } }[];
          metrics: { id: string; details?: unknown }[];
        }[];
      };
      for (const example of report.examples) {
        expect(example.repeats?.[0]?.error?.kind).toBe('http_429');
        expect(example.repeats?.[0]?.error?.message).toContain('Rate limit reached');
        expect(example.metrics.find((m) => m.id === 'exact_match')?.details).toBeUndefined();
      }
    } finally {
      ws.cleanup();
    }
  });
});
