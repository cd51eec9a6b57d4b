/**
 * A served agent whose process dies mid-run: apply says so at once (a warning with its exit code
 * and the last of its output, pointing at its log), and every later failure of that agent says
 * the process exited — "connection refused" alone did not point at it (QA13 write-up W1). The
 * agent is a real process evalc starts (`serve:`); it exits with code 3 on its third /invoke.
 *
 * Run from another folder (QA146), the failures name its log relative to the plan folder, as
 * every other path in the lock and the reports is: it was relative to the current directory, so
 * `evalc apply /abs/plan/evalc.yaml` run from `/` wrote `(log: abs/plan/.evalc/logs/a1.log)` into
 * all four reports — a host's folder, which then differed between two checkouts of one plan
 * (README "Determinism"). The stderr warning still names the log from where the user stands.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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

const DIED = 'the process serve started for a1 exited with code 3';

const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const c of cleanups) c();
});

/** A plan in `dir` whose one agent is AGENT, started by evalc, over `examples` counting examples. */
async function writeDyingPlan(dir: string, examples: number, preflight: number): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  writeFileSync(path.join(dir, 'agent.mjs'), AGENT);
  writeDataset(dir, 'd1.jsonl', countingExamples(examples));
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
    run: { preflight },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
}

type Report = { examples: { example: string; repeats: { error: { message: string } | null }[] }[] };

describe('evalc apply: a served agent that dies mid-run', () => {
  it('warns with its exit code and output, and its later failures say the process exited', async () => {
    const ws = tempWorkspace('served-dies');
    cleanups.push(ws.cleanup);
    await writeDyingPlan(ws.dir, 6, 1);
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir });
    expect(run.stderr).toMatch(
      /evalc: warning: the process serve started for a1 exited with code 3; output: fatal: out of memory \(log: .*a1\.log\)/,
    );
    const report = JSON.parse(
      readFileSync(path.join(ws.dir, '.evalc/reports/report.json'), 'utf8'),
    ) as Report;
    const last = report.examples.find((e) => e.example === 'e5');
    expect(last?.repeats[0]?.error?.message).toContain(DIED);
  });

  it('names its log relative to the plan folder in every report when run from another folder', async () => {
    const ws = tempWorkspace('qa146-dies');
    cleanups.push(ws.cleanup);
    const planDir = path.join(ws.dir, 'nested', 'plan');
    await writeDyingPlan(planDir, 4, 0);
    const run = await runCli(['apply', 'nested/plan/evalc.yaml'], { cwd: ws.dir });
    expect(run.stderr).toContain('(log: nested/plan/.evalc/logs/a1.log)');
    const reports = path.join(planDir, '.evalc/reports');
    const json = JSON.parse(readFileSync(path.join(reports, 'report.json'), 'utf8')) as Report;
    const messages = json.examples.flatMap((e) => e.repeats.map((r) => r.error?.message ?? ''));
    const died = messages.filter((m) => m.includes(DIED));
    expect(died.length).toBeGreaterThan(0);
    for (const m of died) expect(m).toContain('(log: .evalc/logs/a1.log)');
    for (const file of ['report.md', 'report.json', 'junit.xml', 'report.html'])
      expect(readFileSync(path.join(reports, file), 'utf8')).not.toContain('nested/plan/.evalc');
  });
});
