/**
 * After the run's first Ctrl-C (`stopRetries` aborted) an agent-eval judge sends no retry, as the
 * HTTP transport and a mae agent's turns (bbb93b7) do not: QA173: a stdio judge whose calls timed
 * out was asked again up to its `limits.retries` (apply printed 'finishing steps in flight' and sat
 * 15 s with `timeout: 2s, retries: 8`), and a judge_error or a malformed verdict (db79f98) was
 * asked again too; an openai judge's malformed verdict was asked again up to its limits.retries.
 * Before the Ctrl-C, the retries are as before.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAgentEvalJudge } from '../../src/protocols/agent-eval/agent-eval-judge.js';
import { createOpenaiJudge } from '../../src/protocols/openai-judge/openai-judge.js';
import { startOpenaiJudgeServer } from '../fixtures/openai-judge-server.js';

const RUBRIC = { dimensions: [{ id: 'q', description: 'quality', weight: 1 }], failureModes: [] };
const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa173-judge-stop-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// MODE=malformed: a verdict whose composite is outside [0,1], answered at once. Each judge call
// appends to calls-<MODE>.txt.
writeFileSync(
  path.join(dir, 'judge.mjs'),
  `import { appendFileSync } from 'node:fs';
const method = process.argv[3];
const mode = process.env.MODE;
let raw = '';
process.stdin.on('data', (c) => (raw += c)).on('end', () => {
  const out = (o) => process.stdout.write(JSON.stringify(o) + '\\n');
  if (method === 'version') return out({ result: { package: '@tangle-network/agent-eval', version: '0.170.0', wireVersion: '1.1.0' } });
  if (method === 'listRubrics') return out({ result: { rubrics: [] } });
  appendFileSync('calls-' + mode + '.txt', 'x');
  out({ result: { composite: 1.5, dimensions: { q: 1 }, failureModes: [], wins: [], rationale: 'r', rubricVersion: 'graded@x', model: 'm', durationMs: 1 } });
});
`,
);

// A judge call that never answers, killed at limits.timeout: a shell script, which starts in
// milliseconds, so its call is made (calls-hang.txt) well within the 2 s even on a loaded machine,
// where node's own start took longer than the 300 ms timeout this test first had (QA210).
writeFileSync(
  path.join(dir, 'hang.sh'),
  `cat >/dev/null
case "$2" in
  version) echo '{"result":{"package":"@tangle-network/agent-eval","version":"0.170.0","wireVersion":"1.1.0"}}' ;;
  listRubrics) echo '{"result":{"rubrics":[]}}' ;;
  *) printf x >> calls-hang.txt; exec sleep 60 ;;
esac
`,
);

// The hang judge's timeout is what its test is about, 2 s; the malformed judge answers at once,
// so its timeout is long: with 300 ms, a node start slowed by load timed the call out, a
// `timeout` where the test waits for the `judge_error` (QA210).
function judge(mode: 'hang' | 'malformed', stopRetries?: AbortSignal) {
  return createAgentEvalJudge(
    {
      protocol: 'agent-eval',
      command: mode === 'hang' ? 'sh hang.sh' : 'MODE=malformed node judge.mjs',
      limits: { retries: 3, timeout: mode === 'hang' ? '2s' : '15s' },
    },
    { cwd: dir, rubrics: { graded: RUBRIC }, ...(stopRetries ? { stopRetries } : {}) },
  );
}

const calls = (mode: string): number => {
  try {
    return readFileSync(path.join(dir, `calls-${mode}.txt`), 'utf8').length;
  } catch {
    return 0;
  }
};

const ask = { content: 'an answer', rubric: { name: 'graded' } };

describe('agent-eval judge: no retry after the first Ctrl-C (QA173)', () => {
  it('a stdio call that timed out is not run again once stopRetries is aborted', async () => {
    const stopped = await judge('hang', AbortSignal.abort()).judge(ask, AbortSignal.timeout(20_000));
    expect(stopped).toMatchObject({ ok: false, error: { kind: 'timeout' } });
    expect(calls('hang')).toBe(1);
  });

  it('a malformed verdict (judge_error) is not asked again once stopRetries is aborted', async () => {
    const stopped = await judge('malformed', AbortSignal.abort()).judge(ask, AbortSignal.timeout(20_000));
    expect(stopped).toMatchObject({ ok: false, error: { kind: 'judge_error' } });
    expect(calls('malformed')).toBe(1);
  });

  it('before the Ctrl-C the same judge is retried limits.retries times', async () => {
    writeFileSync(path.join(dir, 'calls-malformed.txt'), '');
    const asked = await judge('malformed', new AbortController().signal).judge(
      ask,
      AbortSignal.timeout(20_000),
    );
    expect(asked).toMatchObject({ ok: false, error: { kind: 'judge_error' } });
    expect(calls('malformed')).toBe(4);
  });

  it('openai judge: a malformed verdict is not asked again once stopRetries is aborted, and says 1 attempt', async () => {
    const server = await startOpenaiJudgeServer({ malformedTimes: 5 });
    const judge = createOpenaiJudge(
      { protocol: 'openai', url: server.url, model: 'm', limits: { retries: 3 } },
      { cwd: '.', rubrics: {}, stopRetries: AbortSignal.abort() },
    );
    try {
      const judged = await judge.judge(
        { content: 'x', rubric: { name: 'generic' } },
        AbortSignal.timeout(20_000),
      );
      expect(judged).toMatchObject({ ok: false, error: { kind: 'judge_error' } });
      if (!judged.ok) expect(judged.error.message).toContain('not a valid verdict after 1 attempt (');
      expect(server.requests).toHaveLength(1);
    } finally {
      await judge.close();
      await server.close();
    }
  });
});
