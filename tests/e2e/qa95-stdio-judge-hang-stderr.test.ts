/**
 * QA95: a stdio (`agent-eval rpc`) judge whose judge call hangs was recorded as `agent-eval rpc
 * judge (stdio): no reply within 1000 ms` and nothing else, while what it printed on stderr (a
 * model still loading, a lock it waits for) says why; a crash and a reply that is not JSON quote
 * stderr's tail already. The timeout now quotes it too, a plan secret it prints masked.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset } from './apply-harness.js';

const RUBRIC_VERSION = `reg@sha256-rfc8785:${'cd'.repeat(32)}`;
const JUDGE = `
const method = process.argv[3];
let raw = '';
process.stdin.on('data', (c) => (raw += c)).on('end', () => {
  if (method === 'judge') {
    process.stderr.write('judge: starting with key ' + process.env.QA95_TOKEN + '\\n');
    process.stderr.write('judge: waiting for the model server at 127.0.0.1:9\\n');
    setTimeout(() => undefined, 60_000);
    return;
  }
  const rubric = { name: 'reg', description: 'd', dimensions: [{ id: 'relevance', description: 'r', weight: 1 }], failureModes: [], rubricVersion: ${JSON.stringify(RUBRIC_VERSION)} };
  const reply =
    method === 'version' ? { result: { package: '@tangle-network/agent-eval', version: '0.167.0', wireVersion: '1.1.0', apiSurface: ['judge', 'listRubrics', 'version'] } }
    : { result: { rubrics: [rubric] } };
  process.stdout.write(JSON.stringify(reply) + '\\n');
});
`;

const counting = useCountingAgent();

describe('evalc apply: a stdio judge whose judge call hangs (QA95)', () => {
  it("names the judge call and quotes the tail of the judge's stderr, secrets masked", async () => {
    const dir = counting.workspace('qa95-judge-hang');
    writeDataset(dir, 'd1.jsonl', countingExamples(1));
    writeFileSync(path.join(dir, 'judge.mjs'), JUDGE);
    const plan = {
      evalc: 1,
      benchmark: { id: 'judge-hang', version: '1.0.0' },
      agents: {
        a1: {
          protocol: 'raip',
          url: counting.agent.url,
          headers: { authorization: 'Bearer ${env.QA95_TOKEN}' },
        },
      },
      judges: {
        jr: {
          protocol: 'agent-eval',
          command: 'node judge.mjs',
          rubric: 'reg',
          limits: { retries: 0, timeout: '1s' },
        },
      },
      tasks: {
        t1: {
          bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } } },
          datasets: { d1: { source: 'd1.jsonl' } },
          metrics: [{ type: 'judge', judge: 'jr', content: '{{candidate.answer}}' }],
        },
      },
    };
    writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
    const secret = 'qa95-secret-token-value';
    const run = await runCli(['apply', 'evalc.yaml', '--quiet'], {
      cwd: dir,
      env: { ...process.env, QA95_TOKEN: secret },
    });
    expect(run.stderr).not.toMatch(/\n\s+at /);
    const report = readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8');
    expect(report).toContain(
      'agent-eval rpc judge (stdio): no reply within 1000 ms; stderr: judge: starting with key *** judge: waiting for the model server at 127.0.0.1:9',
    );
    expect(report).not.toContain(secret);
    expect(readFileSync(path.join(dir, '.evalc/reports/report.md'), 'utf8')).toContain(
      'waiting for the model server',
    );
  }, 60_000);
});
