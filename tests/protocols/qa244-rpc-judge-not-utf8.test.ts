/**
 * QA244: an `agent-eval` stdio judge that writes its verdict in Latin-1 (a rationale with an `é`)
 * had the `é` read as U+FFFD and the verdict kept so, without a word, where the same reply over
 * HTTP is `invalid_json` since QA237. It is `invalid_json` naming the byte; a U+FFFD the judge
 * wrote as UTF-8 is its own, kept. Real subprocesses.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentEvalJudge } from '../../src/protocols/agent-eval/agent-eval-judge.js';

const RUBRICS = { graded: { dimensions: [{ id: 'q', description: 'quality', weight: 1 }] } };
let dir = '';

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'qa244-rpc-'));
  writeFileSync(
    path.join(dir, 'judge.mjs'),
    `const method = process.argv[3];
let input = '';
process.stdin.on('data', (c) => { input += c; });
process.stdin.on('end', () => {
  const encoding = process.env.QA244_ENCODING;
  const write = (value) => process.stdout.write(Buffer.from(JSON.stringify(value) + '\\n', encoding));
  if (method === 'version')
    return write({ result: { package: '@tangle-network/agent-eval', version: '0.170.0', wireVersion: '1.0.0' } });
  const { rubric } = JSON.parse(input);
  write({ result: { composite: 0.5, dimensions: { q: 0.5 }, failureModes: [], wins: [],
    rationale: process.env.QA244_RATIONALE, rubricVersion: rubric.name + '@0badc0de', model: 'stub', durationMs: 1 } });
});
`,
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function judgeWith(encoding: string, rationale: string) {
  const judge = createAgentEvalJudge(
    {
      protocol: 'agent-eval',
      command: `QA244_ENCODING=${encoding} QA244_RATIONALE='${rationale}' node judge.mjs`,
      limits: { retries: 0, timeout: '15s' },
    },
    { cwd: dir, rubrics: RUBRICS },
  );
  try {
    return await judge.judge({ content: 'answer', rubric: { name: 'graded' } }, AbortSignal.timeout(30_000));
  } finally {
    await judge.close();
  }
}

describe('a stdio judge whose verdict is not UTF-8 (QA244)', () => {
  it('Latin-1: invalid_json naming the byte', async () => {
    const judged = await judgeWith('latin1', 'un café');
    expect(judged.ok ? judged : judged.error).toEqual({
      kind: 'invalid_json',
      message: 'agent-eval rpc judge (stdio): reply is not UTF-8 (byte 0xe9): write the reply in UTF-8',
      retryable: false,
    });
  });

  it('a U+FFFD written as UTF-8 is the judge’s own, kept', async () => {
    const judged = await judgeWith('utf8', 'un caf\uFFFD');
    expect(judged.ok ? judged.verdict.rationale : judged.error).toBe('un caf\uFFFD');
  });
});
