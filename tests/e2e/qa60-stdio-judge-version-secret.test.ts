/**
 * QA60: a `command:` (stdio) agent-eval judge inherits evalc's environment, so it can quote a
 * secret of the run (an agent's `${env.X}` header) in its `version` reply and its rubric list.
 * Its verdicts were masked, but its version and rubric tags reached evalc.lock and the reports as
 * they were: no HTTP transport stood between it and them.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const TOKEN = 'QA60-stdio-judge-9d3e71';
const ctx = useCountingAgent();

/** `agent-eval rpc` over stdio (one process per call; `{"method","params"}` or `rpc <method>`). */
const JUDGE = `
const T = process.env.QA60_TOKEN;
const [, m] = process.argv.slice(2);
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', () => {
  const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  const method = m ?? body.method;
  const tag = 'r@sha256-rfc8785:' + 'ab'.repeat(32);
  const results = {
    version: { package: '@tangle-network/agent-eval', version: '0.2.0+' + T, wireVersion: '1.1.0', apiSurface: ['judge', 'listRubrics', 'version'] },
    listRubrics: { rubrics: [{ name: 'reg', description: 'for ' + T, dimensions: [{ id: 'relevance', description: 'r', weight: 1 }], failureModes: [], rubricVersion: 'reg@' + T }] },
    judge: { composite: 0.8, dimensions: { relevance: 0.8 }, failureModes: [], wins: [], rationale: 'judged with ' + T, rubricVersion: tag, model: 'm', durationMs: 1 },
  };
  process.stdout.write(JSON.stringify({ result: results[method] }) + '\\n');
});
`;

describe('a stdio judge quoting a secret of the run', () => {
  it('has its version and rubric tags masked in evalc.lock and the reports', async () => {
    const dir = ctx.workspace('qa60-stdio-judge');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    writeFileSync(path.join(dir, 'judge.cjs'), JUDGE);
    const file = writePlan(dir, {
      agentUrl: ctx.agent.url,
      headers: { authorization: 'Bearer ${env.QA60_TOKEN}' },
      metrics: [{ type: 'judge', judge: 'rpc', content: '{{candidate.answer}}' }],
    });
    const plan = JSON.parse(readFileSync(file, 'utf8'));
    plan.judges = { rpc: { protocol: 'agent-eval', command: 'node judge.cjs', rubric: 'reg' } };
    writeFileSync(file, JSON.stringify(plan, null, 2));
    const env = { QA60_TOKEN: TOKEN };
    const applied = await runCli(['apply', '--json'], { cwd: dir, env });
    const reported = await runCli(['report', '--format', 'md'], { cwd: dir, env });

    expect(applied.stdout).toContain('"status":"done"');
    const lock = readFileSync(path.join(dir, 'evalc.lock'), 'utf8');
    expect(lock).toContain('"version": "0.2.0+***"');
    const holding = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name !== 'judge.cjs')
      .map((e) => path.join(e.parentPath, e.name))
      .filter((f) => readFileSync(f).includes(TOKEN))
      .map((f) => path.relative(dir, f));
    expect(holding).toEqual([]);
    for (const run of [applied, reported]) expect(run.stdout + run.stderr).not.toContain(TOKEN);
  }, 60_000);
});
