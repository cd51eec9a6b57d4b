/**
 * One rps bucket for the scheduler and the transport (QA27 P4): the token an invocation is
 * admitted with pays for its first request, and a retry's token comes from the same bucket. With
 * two buckets in series, one retry put the transport's bucket an interval behind the scheduler's
 * for good: at rps 0.5 every later example recorded ~1,955 ms for an agent answering in 1 ms.
 * Here: rps 2 (500 ms apart: the margins below hold on a loaded 2-core CI machine, where one at rps 5
 * failed once), the first request answered 503 `Retry-After: 0`, then at once.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempWorkspace } from './apply-harness.js';

let server: Server;
let url = '';
const arrivals: number[] = [];
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      arrivals.push(performance.now());
      res.setHeader('content-type', 'application/json');
      if (arrivals.length === 1) {
        res.writeHead(503, { 'retry-after': '0' });
        res.end('{"error":"warming up"}');
        return;
      }
      const { q } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { q: string };
      res.end(JSON.stringify({ answer: q }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ask`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  for (const c of cleanups) c();
});

describe('evalc apply with limits.rps and a retry', () => {
  it('keeps later invocations out of the retry token wait: their durations are the agent’s', async () => {
    const ws = tempWorkspace('rps-one-bucket');
    cleanups.push(ws.cleanup);
    const plan = {
      evalc: 1,
      benchmark: { id: 'rps1', version: '1.0.0' },
      agents: {
        a1: { protocol: 'http', url, limits: { rps: 2, concurrency: 1, retries: 2, timeout: '5s' } },
      },
      tasks: {
        t: {
          bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'answer' } } },
          datasets: { d: { source: 'd.jsonl' } },
          metrics: [{ type: 'exact_match', candidate: 'answer', expected: 'answer' }],
        },
      },
      run: { preflight: 1 },
    };
    writeFileSync(path.join(ws.dir, 'evalc.yaml'), JSON.stringify(plan));
    const rows = ['e1', 'e2', 'e3', 'e4', 'e5'].map((q) =>
      JSON.stringify({ id: q, vars: { q }, expected: { answer: q } }),
    );
    writeFileSync(path.join(ws.dir, 'd.jsonl'), `${rows.join('\n')}\n`);
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir, env: { CI: 'true' } });
    expect(run.code).toBe(0);
    // The summary counts the retry beside the invocations (QA27 P5: "5 agent calls" hid it).
    expect(`${run.stdout}${run.stderr}`).toContain('5 example runs, 5 agent calls (+1 retry), 0 errors');
    // Six requests (one retried), paced by one bucket: never two within half an interval.
    expect(arrivals).toHaveLength(6);
    for (let i = 1; i < arrivals.length; i++) expect(arrivals[i]! - arrivals[i - 1]!).toBeGreaterThan(250);
    const report = JSON.parse(readFileSync(path.join(ws.dir, '.evalc/reports/report.json'), 'utf8')) as {
      examples: { example: string; durationMs: number; pass: boolean }[];
    };
    const byId = Object.fromEntries(report.examples.map((e) => [e.example, e]));
    expect(Object.values(byId).every((e) => e.pass)).toBe(true);
    // e1 waited for its retry (backoff, then a token); the others were admitted before their
    // clocks started. Two buckets in series gave each of them ~500 ms (an interval behind).
    for (const id of ['e2', 'e3', 'e4', 'e5']) expect(byId[id]!.durationMs).toBeLessThan(300);
  });
});
