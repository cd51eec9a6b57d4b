/**
 * QA339: the agent-eval CLI reads its judge model's key from `AGENT_EVAL_LLM_API_KEY`
 * (shared/protocols/agent-eval.md 3.2), so a stdio judge is naturally written
 * `command: AGENT_EVAL_LLM_API_KEY=sk-… node judge.mjs`. evalc pinned that command whole as the
 * judge's `endpoint` in evalc.lock, report.json and report.html, hashed it into content keys (a new
 * key re-scored every example) and said nothing at validate, where a url's `?api_key=` is masked
 * everywhere and warned about. Now a credential a command writes out is `***` where evalc records it,
 * kept out of content keys, masked in what the judge prints, starred in validate's excerpt and warned
 * about (EVALC_COMMAND_CREDENTIALS). Real subprocesses: a RAIP agent on loopback, a node stdio judge.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCli, tempWorkspace } from '../e2e/apply-harness.js';
import { seedJudgeScript } from '../fixtures/command-judge-workspace.js';
import { startQa4RaipAgent } from '../fixtures/qa4-raip-seed-agent.mjs';
import { writeJudgePlan } from './qa4-judge-plan.js';

const KEY = 'sk-proj-QA339abcDEF0123456789xyz';
const ROTATED = 'sk-proj-QA339rotatedKEY987654321';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
beforeAll(() => assertBuilt());

// `node judge.mjs rpc <method>`: a seed-era judge; QA339_MODE=fail fails every verdict, quoting its key.
const JUDGE = seedJudgeScript(
  'ok ',
  `} else if (process.env.QA339_MODE === 'fail') {
  out({ error: { code: 'internal_error', message: 'judge model refused key ' + process.env.AGENT_EVAL_LLM_API_KEY, details: null } });
  process.exit(1);
`,
);

async function workspace(mode: string) {
  const agent = await startQa4RaipAgent();
  const { dir, cleanup } = tempWorkspace('qa339-cmd');
  cleanups.push(() => agent.close(), cleanup);
  writeFileSync(path.join(dir, 'judge.mjs'), JUDGE);
  const command = (key: string) => `AGENT_EVAL_LLM_API_KEY=${key} QA339_MODE=${mode} node judge.mjs`;
  writeJudgePlan(dir, 'qa339-cmd', agent.url, { command: command(KEY), rubric: 'anti-slop' });
  return { dir, command };
}

function written(dir: string): string {
  const files = [
    'evalc.lock',
    ...['report.json', 'report.md', 'report.html'].map((f) => `.evalc/reports/${f}`),
  ];
  return files.map((f) => readFileSync(path.join(dir, f), 'utf8')).join('\n');
}

describe('a key written out in a stdio judge command (QA339)', () => {
  it('is warned about at validate, starred in the excerpt, never quoted', async () => {
    const { dir } = await workspace('ok');
    const result = await runCli(['validate', 'evalc.yaml'], { cwd: dir, timeoutMs: 30_000 });
    const said = result.stdout + result.stderr;
    expect(said).toContain('warning EVALC_COMMAND_CREDENTIALS');
    expect(said).toContain('`AGENT_EVAL_LLM_API_KEY`');
    expect(said).toContain('AGENT_EVAL_LLM_API_KEY="$AGENT_EVAL_LLM_API_KEY"');
    expect(said).not.toContain('QA339abc');
  }, 40_000);

  it('is recorded *** in evalc.lock and the reports, and a new key re-scores nothing', async () => {
    const { dir, command } = await workspace('ok');
    const applied = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir, timeoutMs: 30_000 });
    expect(applied.code, applied.stderr).toBe(0);
    const lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as {
      judges: Record<string, { endpoint: string }>;
    };
    expect(lock.judges.strict?.endpoint).toBe('AGENT_EVAL_LLM_API_KEY=*** QA339_MODE=ok node judge.mjs');
    expect(written(dir)).not.toContain('QA339abc');
    // rotating the key is no change to the plan's results (as a header's token, or a url's ?api_key=)
    const plan = readFileSync(path.join(dir, 'evalc.yaml'), 'utf8');
    writeFileSync(path.join(dir, 'evalc.yaml'), plan.replace(command(KEY), command(ROTATED)));
    const planned = await runCli(['plan', 'evalc.yaml'], { cwd: dir, timeoutMs: 30_000 });
    expect(planned.stdout).toContain('No changes');
    expect(planned.stdout + planned.stderr).not.toContain('QA339');
  }, 60_000);

  it('is masked where the judge prints it', async () => {
    const { dir } = await workspace('fail');
    await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir, timeoutMs: 30_000 });
    const report = readFileSync(path.join(dir, '.evalc', 'reports', 'report.json'), 'utf8');
    expect(report).toContain('judge model refused key ***');
    expect(written(dir)).not.toContain('QA339abc');
  }, 60_000);
});

describe('maskCommandCredentials (QA339)', () => {
  it('masks written-out keys, keeps references, paths and plain words', async () => {
    const { maskCommandCredentials } = await import('../../src/plan/command-secrets.js');
    const cases: Array<[string, string]> = [
      ['AGENT_EVAL_LLM_API_KEY=sk-live-4eC39HqLyjWD agent-eval', 'AGENT_EVAL_LLM_API_KEY=*** agent-eval'],
      ["env GITHUB_TOKEN='ghp_AbCdEf1234567890' node a.mjs", 'env GITHUB_TOKEN=*** node a.mjs'],
      ['agent-eval --api-key sk-live-51HabcdEFG --verbose', 'agent-eval --api-key *** --verbose'],
      ['agent-eval --token=AbC123xyz9', 'agent-eval --token=***'],
      ['A=1; SECRET=Zx9y8w7v6u5 node b.mjs 2>log', 'A=1; SECRET=*** node b.mjs 2>log'],
      ['sh -c "OPENAI_API_KEY=sk-abcdef1234567 x"', 'sh -c "OPENAI_API_KEY=*** x"'],
      ['AGENT_EVAL_LLM_API_KEY=$KEY agent-eval', 'AGENT_EVAL_LLM_API_KEY=$KEY agent-eval'],
      [
        'OPENAI_API_KEY="${K}" node --password=$(cat pw) j.mjs',
        'OPENAI_API_KEY="${K}" node --password=$(cat pw) j.mjs',
      ],
      [
        'KEY_FILE=./key.pem TOKENIZERS_PARALLELISM=false node j --key none',
        'KEY_FILE=./key.pem TOKENIZERS_PARALLELISM=false node j --key none',
      ],
      ['JM=seed,oldtag python3 judge.py', 'JM=seed,oldtag python3 judge.py'],
    ];
    for (const [command, recorded] of cases) expect(maskCommandCredentials(command)).toBe(recorded);
  });
});
