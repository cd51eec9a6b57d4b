/**
 * QA348: a command's written-out credential (QA339, command-secrets.ts) is known by its variable's or
 * option's name. A name holding a credential's word that says its value is a setting about one
 * (`TOKEN_LIMIT=8000`, `MAX_TOKEN=4096`, `KEY_FILE=keys/judge.pem`) was taken for a key: masked as a
 * secret of the run, an answer saying `budget 8000` was recorded `budget [redacted]`, and kept out
 * of content keys, so an edited limit re-scored nothing. And an option whose name puts a prefix
 * before `api-key` or `token` (`--openai-api-key sk-…`, `--hf-token hf_…`) was recorded as written.
 * Real subprocesses: a RAIP agent on loopback, a node stdio judge.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  commandSecrets,
  maskCommandCredentials,
  starCommandCredentials,
} from '../../src/plan/command-secrets.js';
import { assertBuilt, runCli, tempWorkspace } from '../e2e/apply-harness.js';
import { startQa4RaipAgent } from '../fixtures/qa4-raip-seed-agent.mjs';
import { writeJudgePlan } from '../protocols/qa4-judge-plan.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

// `node judge.mjs rpc <method>`: a seed-era judge echoing the content it judged in its rationale.
const JUDGE = `import { readFileSync } from 'node:fs';
const method = process.argv[3];
const params = JSON.parse(readFileSync(0, 'utf8') || '{}');
const out = (o) => console.log(JSON.stringify(o));
if (method === 'version') {
  out({ result: { package: '@tangle-network/agent-eval', version: '0.20.10', wireVersion: '1.0.0', apiSurface: ['judge', 'listRubrics', 'version'] } });
} else if (method === 'listRubrics') {
  const dimensions = [{ id: 'buyer_quality', description: 'b', weight: 0.5 }, { id: 'voice', description: 'v', weight: 0.3 }, { id: 'signal', description: 's', weight: 0.2 }];
  out({ result: { rubrics: [{ name: 'anti-slop', description: 'd', dimensions, failureModes: [], rubricVersion: 'anti-slop@a4f2b8c1' }] } });
} else {
  const dims = { buyer_quality: 0.8, voice: 0.8, signal: 0.8 };
  out({ result: { composite: 0.8, dimensions: dims, failureModes: [], wins: [], rationale: 'judged ' + params.content, rubricVersion: 'anti-slop@a4f2b8c1', model: 'm', durationMs: 1 } });
}
`;

describe('a command setting named after a credential (QA348)', () => {
  it('is no credential: kept, keyed; a prefixed key option is one', () => {
    const cases: Array<[string, string]> = [
      ['TOKEN_LIMIT=8000 agent-eval', 'TOKEN_LIMIT=8000 agent-eval'],
      ['MAX_TOKEN=4096 KEY_SIZE=2048 agent-eval', 'MAX_TOKEN=4096 KEY_SIZE=2048 agent-eval'],
      ['KEY_FILE=keys/judge2.pem node j.mjs', 'KEY_FILE=keys/judge2.pem node j.mjs'],
      ['GOOGLE_APPLICATION_CREDENTIALS=creds/sa.json x', 'GOOGLE_APPLICATION_CREDENTIALS=creds/sa.json x'],
      [
        'node j.mjs --max-token 4096 --sort-key createdAt',
        'node j.mjs --max-token 4096 --sort-key createdAt',
      ],
      ['node j.mjs --openai-api-key sk-AbC123xyz9', 'node j.mjs --openai-api-key ***'],
      [
        'node j.mjs --llm-api-key=sk-AbC123xyz9 --hf-token hf_AbC123',
        'node j.mjs --llm-api-key=*** --hf-token ***',
      ],
      // still keys: a name ending in another word, a base64 key holding a `/`
      ['SECRET_KEY_BASE=Ab12cd34ef x', 'SECRET_KEY_BASE=*** x'],
      ['AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCY x', 'AWS_SECRET_ACCESS_KEY=*** x'],
    ];
    for (const [command, recorded] of cases) expect(maskCommandCredentials(command)).toBe(recorded);
  });

  it('keeps the answer that says its value, and an edited value re-scores', async () => {
    assertBuilt();
    const agent = await startQa4RaipAgent();
    const { dir, cleanup } = tempWorkspace('qa348-cmd');
    cleanups.push(() => agent.close(), cleanup);
    writeFileSync(path.join(dir, 'judge.mjs'), JUDGE);
    const command = (limit: number) => `TOKEN_LIMIT=${limit} node judge.mjs`;
    writeJudgePlan(dir, 'qa348-cmd', agent.url, { command: command(8000), rubric: 'anti-slop' });
    writeFileSync(path.join(dir, 'd.jsonl'), `${JSON.stringify({ id: 'b', vars: { q: 'budget 8000' } })}\n`);
    const applied = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir, timeoutMs: 30_000 });
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout + applied.stderr).not.toContain('EVALC_COMMAND_CREDENTIALS');
    const lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as {
      judges: Record<string, { endpoint: string }>;
    };
    expect(lock.judges.strict?.endpoint).toBe('TOKEN_LIMIT=8000 node judge.mjs');
    const report = readFileSync(path.join(dir, '.evalc', 'reports', 'report.json'), 'utf8');
    expect(report).toContain('A:budget 8000');
    expect(report).not.toContain('redacted');
    const plan = readFileSync(path.join(dir, 'evalc.yaml'), 'utf8');
    writeFileSync(path.join(dir, 'evalc.yaml'), plan.replace(command(8000), command(4000)));
    const planned = await runCli(['plan', 'evalc.yaml'], { cwd: dir, timeoutMs: 30_000 });
    expect(planned.stdout).not.toContain('No changes');
    expect(planned.stdout).toContain('TOKEN_LIMIT=8000 node judge.mjs → TOKEN_LIMIT=4000 node judge.mjs');
  }, 60_000);
});

describe("a key written as a reference's fallback (QA348)", () => {
  it('is masked, the reference kept', () => {
    const cases: Array<[string, string]> = [
      [
        'OPENAI_API_KEY=${OPENAI_API_KEY:-sk-AbC123xyz9} agent-eval',
        'OPENAI_API_KEY=${OPENAI_API_KEY:-***} agent-eval',
      ],
      ['agent-eval --api-key "${K-sk-AbC123xyz9}" x', 'agent-eval --api-key "${K-***}" x'],
      [
        'AGENT_EVAL_LLM_API_KEY="${AGENT_EVAL_LLM_API_KEY:=ghp_Ab12cd34}" x',
        'AGENT_EVAL_LLM_API_KEY="${AGENT_EVAL_LLM_API_KEY:=***}" x',
      ],
      // no key to fall back to: kept as written
      ['OPENAI_API_KEY=${OPENAI_API_KEY:-none} x', 'OPENAI_API_KEY=${OPENAI_API_KEY:-none} x'],
      ['OPENAI_API_KEY=${OPENAI_API_KEY:-} x', 'OPENAI_API_KEY=${OPENAI_API_KEY:-} x'],
      ['OPENAI_API_KEY=${OPENAI_API_KEY} x', 'OPENAI_API_KEY=${OPENAI_API_KEY} x'],
    ];
    for (const [command, recorded] of cases) expect(maskCommandCredentials(command)).toBe(recorded);
    expect(commandSecrets('OPENAI_API_KEY=${OPENAI_API_KEY:-sk-AbC123xyz9} x')).toContain('sk-AbC123xyz9');
    expect(starCommandCredentials('K_TOKEN=${T:-Ab12cd34} x')).toBe('K_TOKEN=${T:-********} x');
  });
});
