/**
 * QA11: a canary secret planted in every agent's and judge's headers never reaches anything
 * evalc writes, through the real CLI (`dist/evalc.mjs`, a child process): every file under the
 * plan folder (evalc.lock, the cache, logs, the four reports) and the stdout/stderr of `apply
 * --json`, `plan --json`, `report` and `diff`, while the agents and judges echo their headers
 * back in every spelling (tests/fixtures/qa11-echo-server.ts).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCli, tempWorkspace } from '../e2e/apply-harness.js';
import { type EchoServer, startEchoServer } from '../fixtures/qa11-echo-server.js';

const PROBE = 'CANARY_qa11sweep';
const ENV = {
  QA11_TOKEN: `${PROBE}/tok+en"q\\b-ü`,
  QA11_JUDGE_TOKEN: `${PROBE}-judge-7e2`,
  QA11_BASIC: Buffer.from(`svc-user:${PROBE}-pw`).toString('base64'),
};

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
beforeAll(() => assertBuilt());

function writeWorkspace(server: EchoServer): string {
  const { dir, cleanup } = tempWorkspace('qa11-sweep');
  cleanups.push(cleanup);
  const examples = [
    { id: 'e1', vars: { q: 'first' }, expected: { answer: 'sent' } },
    { id: 'e2', vars: { q: 'second' }, expected: { answer: 'sent' } },
  ];
  writeFileSync(path.join(dir, 'd.jsonl'), `${examples.map((e) => JSON.stringify(e)).join('\n')}\n`);
  const headers = { authorization: 'Bearer ${env.QA11_TOKEN}', 'x-api-key': '${env.QA11_TOKEN}' };
  const limits = { retries: 0, timeout: '5s' };
  const judgeHeaders = { authorization: 'Bearer ${env.QA11_JUDGE_TOKEN}' };
  const plan = {
    evalc: 1,
    benchmark: { id: 'qa11-sweep', version: '1.0.0' },
    agents: {
      raip: { protocol: 'raip', url: `${server.url}/raip`, headers, limits },
      chat: { protocol: 'chat', url: `${server.url}/chat`, headers, limits },
      oa: { protocol: 'openai', url: `${server.url}/v1`, model: 'm', headers, limits },
      web: { protocol: 'http', url: `${server.url}/http`, headers, limits },
      basic: {
        protocol: 'http',
        url: `${server.url}/basic/x`,
        headers: { authorization: 'Basic ${env.QA11_BASIC}' },
        limits,
      },
    },
    judges: {
      ae: { protocol: 'agent-eval', url: server.url, rubric: 'reg', headers: judgeHeaders },
      llm: { protocol: 'openai', url: `${server.url}/v1`, model: 'j', rubric: 'r', headers: judgeHeaders },
    },
    rubrics: { r: { dimensions: [{ id: 'relevance', description: 'relevant', weight: 1 }] } },
    tasks: {
      t: {
        bindings: {
          default: { input: { q: '{{q}}' }, output: { answer: 'answer' } },
          raip: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } },
          chat: {
            input: { messages: [{ role: 'user', content: '{{q}}' }] },
            output: { answer: 'messages[-1].content' },
          },
          oa: { input: { messages: [{ role: 'user', content: '{{q}}' }] }, output: { answer: 'content' } },
        },
        datasets: { d: { source: 'd.jsonl' } },
        metrics: [
          { type: 'contains', candidate: 'answer', expected: 'answer' },
          { type: 'judge', judge: 'ae', content: '{{candidate.answer}}' },
          { type: 'judge', id: 'llm_judge', judge: 'llm', content: '{{candidate.answer}}' },
        ],
      },
    },
    run: { trace: true, preflight: 0 },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan, null, 2));
  return dir;
}

/** Every file under `dir`, recursively, with the files holding the probe. */
function filesHolding(dir: string, probe: string): { files: number; holding: string[] } {
  let files = 0;
  const holding: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    const file = path.join(entry.parentPath, entry.name);
    if (readFileSync(file).includes(probe)) holding.push(path.relative(dir, file));
  }
  return { files, holding };
}

describe('a canary secret in every header', () => {
  it('is in no file evalc writes and in none of its output, while every server echoes it', async () => {
    const server = await startEchoServer();
    cleanups.push(() => server.close());
    const dir = writeWorkspace(server);
    const env = ENV;
    const applied = await runCli(['apply', '--json'], { cwd: dir, env });
    const planned = await runCli(['plan', '--json'], { cwd: dir, env });
    const reported = await runCli(['report', '--format', 'md'], { cwd: dir, env });
    const diffed = await runCli(['diff', 'evalc.lock', 'evalc.lock', '--format', 'json'], { cwd: dir, env });

    // The run happened: the agents and judges answered, and the lock pins the echoing identity.
    expect(applied.stdout).toContain('"event":"result"');
    const lock = readFileSync(path.join(dir, 'evalc.lock'), 'utf8');
    expect(lock).toContain('"name": "echo for [redacted]"');
    const report = readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8');
    expect(report).toContain('judged with [redacted]');
    expect(report).toContain('with password [redacted] is not allowed');

    const swept = filesHolding(dir, PROBE);
    expect(swept.files).toBeGreaterThanOrEqual(6);
    expect(swept.holding).toEqual([]);
    for (const run of [applied, planned, reported, diffed]) {
      expect(run.stdout).not.toContain(PROBE);
      expect(run.stderr).not.toContain(PROBE);
    }
  }, 60_000);
});
