/**
 * Regression (QA): the stdio judge must speak the only RPC form the agent-eval seed documents,
 * `agent-eval rpc <method>` with the params object on stdin — also for `version`, which evalc
 * used to ask with a bare `rpc` and a `{"method","params"}` envelope that a seed-written binary
 * does not understand (the judge was then refused as "not usable").
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createAgentEvalJudge } from '../../src/protocols/agent-eval/agent-eval-judge.js';

const SCRIPT = fileURLToPath(new URL('../fixtures/qa-agent-eval-seed-rpc.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'qa-seed-rpc-'));
const log = join(dir, 'calls.jsonl');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function seedJudge() {
  return createAgentEvalJudge(
    { protocol: 'agent-eval', command: `QA_RPC_LOG='${log}' node ${SCRIPT}` },
    {
      cwd: dir,
      rubrics: { helpful: { dimensions: [{ id: 'helpful', description: 'Helps', weight: 1 }] } },
    },
  );
}

function calls(): { argv: string[]; raw: string }[] {
  return readFileSync(log, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line));
}

describe('agent-eval stdio judge against a seed-only binary', () => {
  it('asks the version with `rpc version` and `{}` on stdin, and accepts the seed reply', async () => {
    const described = await seedJudge().describe(AbortSignal.timeout(10_000));
    expect(described).toEqual({
      ok: true,
      info: {
        package: '@tangle-network/agent-eval',
        version: '0.20.10',
        wireVersion: '1.0.0',
        legacyRubricVersionScheme: true,
      },
    });
    expect(calls().at(-1)).toEqual({ argv: ['rpc', 'version'], raw: '{}' });
  });

  it('judges after the version check with `rpc judge` and the request on stdin', async () => {
    const judged = await seedJudge().judge(
      { content: 'an answer', rubric: { name: 'helpful' } },
      AbortSignal.timeout(10_000),
    );
    expect(judged.ok ? judged.verdict.score : judged.error.message).toBe(0.5);
    const judgeCall = calls().find((call) => call.argv[1] === 'judge');
    expect(judgeCall?.argv).toEqual(['rpc', 'judge']);
    expect(JSON.parse(judgeCall?.raw ?? '{}')).toMatchObject({
      content: 'an answer',
      rubric: { name: 'helpful' },
    });
    expect(calls().every((call) => call.argv[1] !== undefined)).toBe(true);
  });
});
