/**
 * A judge's verdict is masked before it is kept: a stdio (`agent-eval rpc`) judge inherits
 * evalc's environment and its rationale quotes a secret of the run (the agent's header token).
 * No HTTP transport sits between it and evalc to mask the reply, so the score result itself is
 * scrubbed: the token reaches neither the cache log, the lockfile nor any report.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset } from './apply-harness.js';

const TOKEN = 'CANARY_judge_rationale_5c1e';
const RUBRIC_VERSION = `reg@sha256-rfc8785:${'ab'.repeat(32)}`;
// One `agent-eval rpc <method>` call per process: the request on stdin, the reply on stdout.
const JUDGE = `
const method = process.argv[3];
let raw = '';
process.stdin.on('data', (c) => (raw += c)).on('end', () => {
  const rubric = { name: 'reg', description: 'd', dimensions: [{ id: 'relevance', description: 'r', weight: 1 }], failureModes: [], rubricVersion: ${JSON.stringify(RUBRIC_VERSION)} };
  const result =
    method === 'version' ? { package: '@tangle-network/agent-eval', version: '0.167.0', wireVersion: '1.1.0', apiSurface: ['judge', 'listRubrics', 'version'] }
    : method === 'listRubrics' ? { rubrics: [rubric] }
    : { composite: 0.8, dimensions: { relevance: 0.8 }, failureModes: [], wins: [], rationale: 'I was run with token ' + process.env.QA_TOKEN, rubricVersion: rubric.rubricVersion, model: 'm', durationMs: 1 };
  process.stdout.write(JSON.stringify({ result }) + '\\n');
});
`;

const counting = useCountingAgent();

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

describe('evalc apply: a judge that quotes a secret', () => {
  it('keeps the verdict with the secret masked in the cache, the lockfile and the reports', async () => {
    const ws = { dir: counting.workspace('judge-secret') };
    writeDataset(ws.dir, 'd1.jsonl', countingExamples(2));
    writeFileSync(path.join(ws.dir, 'judge.mjs'), JUDGE);
    const plan = {
      evalc: 1,
      benchmark: { id: 'judge-secret', version: '1.0.0' },
      agents: {
        a1: {
          protocol: 'raip',
          url: counting.agent.url,
          headers: { authorization: 'Bearer ${env.QA_TOKEN}' },
        },
      },
      judges: { jr: { protocol: 'agent-eval', command: 'node judge.mjs', rubric: 'reg' } },
      tasks: {
        t1: {
          bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } } },
          datasets: { d1: { source: 'd1.jsonl' } },
          metrics: [{ type: 'judge', judge: 'jr', content: '{{candidate.answer}}' }],
        },
      },
    };
    writeFileSync(path.join(ws.dir, 'evalc.yaml'), JSON.stringify(plan));
    const run = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: ws.dir, env: { QA_TOKEN: TOKEN } });
    expect(run.code).toBe(0);
    const log = readFileSync(path.join(ws.dir, '.evalc/cache/steps.log'), 'utf8');
    // The verdict was kept (the rationale is there), with the token masked.
    expect(log).toContain('I was run with token ');
    const leaks = [
      ...filesUnder(ws.dir).filter((f) => readFileSync(f, 'utf8').includes(TOKEN)),
      ...(run.stdout.includes(TOKEN) ? ['stdout'] : []),
      ...(run.stderr.includes(TOKEN) ? ['stderr'] : []),
    ];
    expect(leaks).toEqual([]);
  });
});
