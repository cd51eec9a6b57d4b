/**
 * A served agent whose process dies mid-run: apply says so at once (a warning with its exit code
 * and the last of its output, pointing at its log), and every later failure of that agent says
 * the process exited — "connection refused" alone did not point at it (QA13 write-up W1). The
 * agent is a real process evalc starts (`serve:`); it exits with code 3 on its third /invoke.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../fixtures/loopback.js';
import { countingExamples, runCli, tempWorkspace, writeDataset } from './apply-harness.js';

const AGENT = `
import { createServer } from 'node:http';
let invokes = 0;
createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c)).on('end', () => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/info') return res.end(JSON.stringify({ name: 'dies', version: '1.0.0', inputSchema: { type: 'object' } }));
    if (++invokes === 3) {
      process.stderr.write('fatal: out of memory\\n');
      process.exit(3);
    }
    res.end(JSON.stringify({ output: { answer: JSON.parse(body).input.q } }));
  });
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const c of cleanups) c();
});

describe('evalc apply: a served agent that dies mid-run', () => {
  it('warns with its exit code and output, and its later failures say the process exited', async () => {
    const ws = tempWorkspace('served-dies');
    cleanups.push(ws.cleanup);
    const port = await freePort();
    writeFileSync(path.join(ws.dir, 'agent.mjs'), AGENT);
    writeDataset(ws.dir, 'd1.jsonl', countingExamples(6));
    const plan = {
      evalc: 1,
      benchmark: { id: 'dies', version: '1.0.0' },
      agents: {
        a1: {
          protocol: 'raip',
          url: `http://127.0.0.1:${port}`,
          serve: {
            command: 'node agent.mjs',
            env: { PORT: String(port) },
            ready: { url: `http://127.0.0.1:${port}/info` },
          },
          limits: { concurrency: 1, retries: 0, timeout: '5s' },
        },
      },
      tasks: {
        t1: {
          bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } } },
          datasets: { d1: { source: 'd1.jsonl' } },
          metrics: [{ type: 'exact_match', candidate: 'answer', expected: 'answer' }],
        },
      },
      run: { preflight: 1 },
    };
    writeFileSync(path.join(ws.dir, 'evalc.yaml'), JSON.stringify(plan));
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir });
    expect(run.stderr).toMatch(
      /evalc: warning: the process serve started for a1 exited with code 3; output: fatal: out of memory \(log: .*a1\.log\)/,
    );
    const report = JSON.parse(readFileSync(path.join(ws.dir, '.evalc/reports/report.json'), 'utf8')) as {
      examples: { example: string; repeats: { error: { message: string } | null }[] }[];
    };
    const last = report.examples.find((e) => e.example === 'e5');
    expect(last?.repeats[0]?.error?.message).toContain('the process serve started for a1 exited with code 3');
  });
});
