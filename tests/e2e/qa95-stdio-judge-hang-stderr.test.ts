/**
 * QA95: a stdio (`agent-eval rpc`) judge whose judge call hangs was recorded as `agent-eval rpc
 * judge (stdio): no reply within 1000 ms` and nothing else, while what it printed on stderr (a
 * model still loading, a lock it waits for) says why; a crash and a reply that is not JSON quote
 * stderr's tail already. The timeout now quotes it too, a plan secret it prints masked.
 *
 * QA100: that tail is the last 200 characters of the judge's stderr, secrets masked (ff28ea8: a
 * timeout too). The mask was applied to the message after the cut, so a secret the cut began
 * inside kept its tail in the open: `key=qa100-…-0123456789` then 190 characters left
 * `stderr: 123456789 ....` in stderr, run.log, report.json/md/html and junit.xml. The whole
 * stderr is masked first now, for a call that times out and for one that exits with no output.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset } from './apply-harness.js';

const RUBRIC_VERSION = `reg@sha256-rfc8785:${'cd'.repeat(32)}`;
const QA95_JUDGE = `
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

const QA100_SECRET = 'qa100-secret-token-0123456789';
/** Prints the token and 190 characters after it, then hangs (`version`) or exits with no output. */
const QA100_JUDGE = `
process.stderr.write('judge: key=' + process.env.QA100_TOKEN + ' ' + '.'.repeat(190) + '\\n');
if (process.env.QA100_MODE === 'crash') process.exit(3);
setTimeout(() => undefined, 60_000);
`;

const counting = useCountingAgent();

/**
 * `evalc apply --quiet` of one example of the counting agent (its bearer token `${env.<tokenVar>}`)
 * scored by the stdio judge `node judge.mjs` (source `judge`; 1 s timeout, no retries).
 */
async function applyWithStdioJudge(
  name: string,
  benchmarkId: string,
  judge: string,
  tokenVar: string,
  env: Record<string, string>,
) {
  const dir = counting.workspace(name);
  writeDataset(dir, 'd1.jsonl', countingExamples(1));
  writeFileSync(path.join(dir, 'judge.mjs'), judge);
  const plan = {
    evalc: 1,
    benchmark: { id: benchmarkId, version: '1.0.0' },
    agents: {
      a1: {
        protocol: 'raip',
        url: counting.agent.url,
        headers: { authorization: `Bearer \${env.${tokenVar}}` },
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
  const run = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir, env: { ...process.env, ...env } });
  return { dir, run };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

describe('evalc apply: a stdio judge whose judge call hangs (QA95)', () => {
  it("names the judge call and quotes the tail of the judge's stderr, secrets masked", async () => {
    const secret = 'qa95-secret-token-value';
    const { dir, run } = await applyWithStdioJudge(
      'qa95-judge-hang',
      'judge-hang',
      QA95_JUDGE,
      'QA95_TOKEN',
      {
        QA95_TOKEN: secret,
      },
    );
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

describe('evalc apply: a stdio judge whose stderr tail starts inside a secret (QA100)', () => {
  for (const mode of ['hang', 'crash'] as const) {
    it(`masks the secret before cutting the tail (${mode})`, async () => {
      const { dir, run } = await applyWithStdioJudge(
        `qa100-judge-tail-${mode}`,
        'judge-tail',
        QA100_JUDGE,
        'QA100_TOKEN',
        { QA100_TOKEN: QA100_SECRET, QA100_MODE: mode },
      );
      // The judge's failure is quoted, its tail beginning at the mask.
      const report = readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8');
      expect(report).toMatch(
        new RegExp(
          `\\(stdio\\): no ${mode === 'hang' ? 'reply within 1000 ms' : 'output \\(exit 3\\)'}; stderr: [^*]{0,12}\\*\\*\\* \\.{20}`,
        ),
      );
      const tail = QA100_SECRET.slice(-9);
      expect(run.stderr).not.toContain(tail);
      for (const file of filesUnder(path.join(dir, '.evalc')))
        expect(readFileSync(file, 'latin1'), file).not.toContain(tail);
      expect(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')).not.toContain(tail);
    }, 60_000);
  }
});
