/**
 * QA75: a reviewer reading report.md in a PR comment can tell what failed, how often and why.
 * report.md said what an error said only for the first example of each agent × error kind, cut
 * at 160 characters after ~60–110 of `POST http://…: `: a judge's second `judge_error` cause (a
 * score out of range after one that was prose) said nothing, and a judge's `http_500` said
 * nothing once the agent had had one. Now an "Errors" table counts every failed step by kind,
 * step and message (at most 5 messages per kind and step), and each task's failing examples
 * name each distinct message once per agent. A real loopback server holds the agents and judge.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startMixedFailures } from '../fixtures/qa75-mixed-failures.js';
import { runCli, useAgent } from './apply-harness.js';

const server = useAgent(() => startMixedFailures());
const SECRET = 'qa75-s3cr3t-t0ken-value';

const MODES = [
  'ok',
  'slow',
  '500',
  'auth500',
  'contract',
  'noanswer',
  ...[1, 2, 3, 4, 5, 6, 7].map((n) => `badjson:${n}`),
  'judge:J500',
  'judge:JPROSE',
  'judge:JRANGE',
  'judge:JPROSE',
  'judge:LOW',
];

function writeWorkspace(dir: string): void {
  const lines = MODES.map((mode, i) => {
    const id = `e${String(i).padStart(2, '0')}`;
    return JSON.stringify({ id, vars: { q: id, mode }, expected: { answer: `A:${id}` } });
  });
  writeFileSync(path.join(dir, 'd1.jsonl'), `${lines.join('\n')}\n`);
  const url = server.agent.url;
  const plan = {
    evalc: 1,
    benchmark: { id: 'mixed', version: '1.0.0' },
    agents: {
      a1: {
        protocol: 'raip',
        url: `${url}/a1`,
        headers: { authorization: 'Bearer ${env.QA75_TOKEN}' },
        limits: { timeout: '1s', retries: 0 },
      },
      dead: { protocol: 'raip', url: `${url}/dead`, limits: { retries: 0 } },
    },
    judges: {
      llm: { protocol: 'openai', url: `${url}/judge/v1`, model: 'm', rubric: 'r', limits: { retries: 0 } },
    },
    rubrics: { r: { dimensions: [{ id: 'relevance', description: 'relevant', weight: 1 }] } },
    tasks: {
      t1: {
        bindings: {
          default: { input: { q: '{{q}}', mode: '{{mode}}' }, output: { answer: 'output.answer' } },
        },
        datasets: { d1: { source: 'd1.jsonl' } },
        metrics: [
          { type: 'exact_match', candidate: 'answer', expected: 'answer' },
          { type: 'judge', judge: 'llm', content: '{{candidate.answer}}' },
        ],
      },
    },
    run: { repeats: 1, seed: 7, bootstrap: 100 },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan, null, 2));
}

/** The rows of report.md's Errors table. */
function errorRows(md: string): string[] {
  const section = md.split('### ⚠️ Errors')[1]?.split('\n### ')[0]?.split('<details>')[0] ?? '';
  return section.split('\n').filter((l) => l.startsWith('| `'));
}

describe('QA75: report.md says what failed, how often and why', () => {
  it('counts every error by kind, step and message, and names each distinct cause', async () => {
    const dir = server.workspace('qa75-causes');
    writeWorkspace(dir);
    const run = await runCli(['apply', 'evalc.yaml'], {
      cwd: dir,
      env: { ...process.env, QA75_TOKEN: SECRET, CI: 'true' },
      timeoutMs: 90_000,
    });
    expect(run.stderr).not.toMatch(/\n\s+at /);
    const md = readFileSync(path.join(dir, '.evalc/reports/report.md'), 'utf8');
    expect(md).not.toContain(SECRET);

    // The summary's error count is the table's.
    const total = /(\d+) errors \(/.exec(run.stdout)?.[1];
    expect(total).toBeDefined();
    expect(md).toContain(`### ⚠️ Errors (${total} failed steps in `);
    const rows = errorRows(md);
    const row = (kind: string, step: string, said: string) =>
      rows.filter((r) => r.startsWith(`| \`${kind}\` | ${step} |`) && r.includes(said));

    // Both causes of judge_error, each counted.
    expect(row('judge_error', '`judge`', 'content is not JSON: "I think it is fine, 8/10."')).toEqual([
      expect.stringMatching(/ \| 2 \| `a1` 2 \| /),
    ]);
    expect(row('judge_error', '`judge`', 'must be &lt;= 1 \\(it is 7')).toEqual([
      expect.stringMatching(/ \| 1 \| `a1` 1 \| .* \| `a1` t1\/d1\/e15 \|$/),
    ]);
    // The judge's http_500 is not the agent's.
    expect(row('http_500', '`judge`', 'The judge model is overloaded')).toHaveLength(1);
    expect(row('http_500', 'invoke', 'database connection refused at db.internal:5432')).toEqual([
      expect.stringMatching(/ \| 6 \| `a1` 1 · `dead` 5 \| /),
    ]);
    // The rest of dead's batch was held back by its preflight.
    expect(row('preflight_failed', 'invoke', 'not sent: every preflight example')).toEqual([
      expect.stringMatching(/ \| 13 \| `dead` 13 \| /),
    ]);
    expect(row('timeout', 'invoke', 'no reply within 1000 ms')).toHaveLength(1);
    expect(row('contract_violation', 'invoke', 'reply has no output')).toHaveLength(1);
    expect(row('extraction_failed', 'extract', 'no value for answer')).toHaveLength(1);
    // Seven bodies that are not JSON: five messages, then the other two counted.
    const invalid = rows.filter((r) => r.startsWith('| `invalid_json` | invoke |'));
    expect(invalid).toHaveLength(6);
    expect(invalid[5]).toMatch(/ \| 2 \| `a1` 2 \| _2 other messages \(report\.html has them\)_ \| /);
    // The request's URL is not the cause: it took most of a cut message.
    for (const r of rows) expect(r).not.toContain('http://127.0.0.1');
    // The sum of the rows is the total.
    const sum = rows.reduce((n, r) => n + Number(r.split(' | ')[2]), 0);
    expect(sum).toBe(Number(total));

    // Each task's failing examples name each distinct message once per agent: the second
    // judge_error cause, and the judge's http_500 after the agent's own, the judge named where its
    // request was, as in the Errors table (QA364).
    const details = md.split('Failing examples:')[1] ?? '';
    expect(details).toMatch(
      /- `a1` d1\/e15 — .*judge\\_error: judge llm: the judge model's reply is not a valid verdict after 1 attempt \\\(.*must be &lt;= 1/,
    );
    expect(details).toMatch(
      /- `a1` d1\/e13 — .*http\\_500: judge llm: HTTP 500: The judge model is overloaded/,
    );
    expect(details).toMatch(/- `a1` d1\/e16 — failed `exact_match`, `judge` \(error judge\\_error\)$/m);
  }, 120_000);
});
