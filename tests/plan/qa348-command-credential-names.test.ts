/**
 * QA348: a command's written-out credential (QA339, command-secrets.ts) is known by its variable's or
 * option's name. A name holding a credential's word that says its value is a setting about one
 * (`TOKEN_LIMIT=8000`, `MAX_TOKEN=4096`, `KEY_FILE=keys/judge.pem`) was taken for a key: masked as a
 * secret of the run, an answer saying `budget 8000` was recorded `budget [redacted]`, and kept out
 * of content keys, so an edited limit re-scored nothing. And an option whose name puts a prefix
 * before `api-key` or `token` (`--openai-api-key sk-…`, `--hf-token hf_…`) was recorded as written.
 * Real subprocesses: a RAIP agent on loopback, a node stdio judge.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  commandSecrets,
  maskCommandCredentials,
  starCommandCredentials,
} from '../../src/plan/command-secrets.js';
import { applyQuiet, commandJudgeWorkspace, planEditedCommand } from '../fixtures/command-judge-workspace.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

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
    const command = (limit: number) => `TOKEN_LIMIT=${limit} node judge.mjs`;
    const dir = await commandJudgeWorkspace('qa348-cmd', command(8000), 'budget 8000', cleanups);
    const { applied, report } = await applyQuiet(dir);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout + applied.stderr).not.toContain('EVALC_COMMAND_CREDENTIALS');
    const lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as {
      judges: Record<string, { endpoint: string }>;
    };
    expect(lock.judges.strict?.endpoint).toBe('TOKEN_LIMIT=8000 node judge.mjs');
    expect(report).toContain('A:budget 8000');
    expect(report).not.toContain('redacted');
    const planned = await planEditedCommand(dir, command(8000), command(4000));
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
