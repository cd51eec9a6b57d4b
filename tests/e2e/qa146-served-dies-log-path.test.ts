/**
 * A served agent that dies mid-run: the failures it leaves name its log relative to the plan
 * folder, as every other path in the lock and the reports is, whatever folder apply is run
 * from. The path was relative to the current directory, so `evalc apply /abs/plan/evalc.yaml`
 * run from `/` wrote `(log: abs/plan/.evalc/logs/a1.log)` into report.md, report.json, junit.xml
 * and report.html — a host's folder in the reports, which then differed between two checkouts
 * of one plan (README "Determinism": the folder the plan is run from changes nothing). The
 * stderr warning still names the log from where the user stands. (QA146)
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
    if (req.url === '/info') return res.end(JSON.stringify({ name: 'dies', version: '1.0.0', inputSchema: { type: 'object' } }));
    const q = JSON.parse(body).input.q;
    if (q === 'e2') {
      process.stderr.write('fatal: out of memory\\n');
      process.exit(3);
    }
    res.end(JSON.stringify({ output: { answer: q } }));
  });
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const c of cleanups) c();
});

async function writeDyingPlan(dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  writeFileSync(path.join(dir, 'agent.mjs'), AGENT);
  writeDataset(dir, 'd1.jsonl', countingExamples(4));
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
        metrics: [{ type: 'exact_match', candidate: 'answer', expected: 'codes' }],
      },
    },
    run: { preflight: 0, concurrency: 1 },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
}

describe('evalc apply: a served agent that dies, run from another folder', () => {
  it('names its log relative to the plan folder in every report', async () => {
    const ws = tempWorkspace('qa146-dies');
    cleanups.push(ws.cleanup);
    const planDir = path.join(ws.dir, 'nested', 'plan');
    await writeDyingPlan(planDir);
    const run = await runCli(['apply', 'nested/plan/evalc.yaml'], { cwd: ws.dir });
    expect(run.stderr).toContain('(log: nested/plan/.evalc/logs/a1.log)');
    const reports = path.join(planDir, '.evalc/reports');
    const json = JSON.parse(readFileSync(path.join(reports, 'report.json'), 'utf8')) as {
      examples: { example: string; repeats: { error: { message: string } | null }[] }[];
    };
    const messages = json.examples.flatMap((e) => e.repeats.map((r) => r.error?.message ?? ''));
    const died = messages.filter((m) => m.includes('the process serve started for a1 exited with code 3'));
    expect(died.length).toBeGreaterThan(0);
    for (const m of died) expect(m).toContain('(log: .evalc/logs/a1.log)');
    for (const file of ['report.md', 'report.json', 'junit.xml', 'report.html'])
      expect(readFileSync(path.join(reports, file), 'utf8')).not.toContain('nested/plan/.evalc');
  });
});
