/**
 * A served judge whose process dies mid-run: its later failures say the process exited, naming
 * its log, as a served agent's do (README: "every later failure … says the process exited").
 * They read `connection refused (nothing listening there)` alone, which does not point at the
 * judge's process: only the stderr warning said it. The judge is a real agent-eval server evalc
 * starts (`serve:`); it exits with code 4 when asked to judge the second example's answer. (QA146)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../fixtures/loopback.js';
import { countingExamples, runCli, tempWorkspace, writeDataset } from './apply-harness.js';

const AGENT = `
import { createServer } from 'node:http';
createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c)).on('end', () => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/info') return res.end(JSON.stringify({ name: 'echo', version: '1.0.0', inputSchema: { type: 'object' } }));
    res.end(JSON.stringify({ output: { answer: JSON.parse(body).input.q } }));
  });
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

const JUDGE = `
import { createServer } from 'node:http';
createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c)).on('end', () => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/healthz') return res.end(JSON.stringify({ status: 'ok' }));
    if (req.url === '/v1/version')
      return res.end(JSON.stringify({ package: '@tangle-network/agent-eval', version: '0.20.10', wireVersion: '1.0.0', apiSurface: ['judge'] }));
    if (req.url === '/v1/rubrics') return res.end(JSON.stringify({ rubrics: [] }));
    if (JSON.parse(body).content === 'e1') {
      process.stderr.write('judge: out of memory\\n');
      process.exit(4);
    }
    res.end(JSON.stringify({ composite: 0.5, dimensions: { clarity: 0.5 }, failureModes: [], wins: [], rationale: 'ok', rubricVersion: 'r@1', model: 'm', durationMs: 1 }));
  });
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const c of cleanups) c();
});

describe('evalc apply: a served judge that dies mid-run', () => {
  it('says in its later failures that the process exited', async () => {
    const ws = tempWorkspace('qa146-judge-dies');
    cleanups.push(ws.cleanup);
    const [agentPort, judgePort] = [await freePort(), await freePort()];
    writeFileSync(path.join(ws.dir, 'agent.mjs'), AGENT);
    writeFileSync(path.join(ws.dir, 'judge.mjs'), JUDGE);
    writeDataset(ws.dir, 'd1.jsonl', countingExamples(4));
    const plan = {
      evalc: 1,
      benchmark: { id: 'judge-dies', version: '1.0.0' },
      agents: {
        a1: {
          protocol: 'raip',
          url: `http://127.0.0.1:${agentPort}`,
          serve: {
            command: 'node agent.mjs',
            env: { PORT: String(agentPort) },
            ready: { url: `http://127.0.0.1:${agentPort}/info` },
          },
        },
      },
      judges: {
        j: {
          protocol: 'agent-eval',
          url: `http://127.0.0.1:${judgePort}`,
          rubric: 'r',
          serve: {
            command: 'node judge.mjs',
            env: { PORT: String(judgePort) },
            ready: { url: `http://127.0.0.1:${judgePort}/healthz` },
          },
          limits: { retries: 0, concurrency: 1 },
        },
      },
      rubrics: { r: { dimensions: [{ id: 'clarity', description: 'clear', weight: 1 }] } },
      tasks: {
        t1: {
          bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } } },
          datasets: { d1: { source: 'd1.jsonl' } },
          metrics: [{ type: 'judge', judge: 'j', content: '{{candidate.answer}}' }],
        },
      },
      run: { preflight: 0, concurrency: 1 },
    };
    writeFileSync(path.join(ws.dir, 'evalc.yaml'), JSON.stringify(plan));
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir });
    expect(run.stderr).toContain('the process serve started for judge-j exited with code 4');
    const md = readFileSync(path.join(ws.dir, '.evalc/reports/report.md'), 'utf8');
    const failures = md.split('\n').filter((line) => line.includes('`transport_error`'));
    expect(failures.length).toBeGreaterThan(0);
    for (const line of failures)
      expect(line).toContain('the process serve started for judge-j exited with code 4');
    expect(md).toContain('.evalc/logs/judge-j.log');
  });
});
