/**
 * A stdio (`agent-eval rpc judge`) judge that prints a result and then exits non-zero: the seed's
 * stdio RPC exits "non-zero on error", so the result is not a verdict but a `judge_error` (QA159:
 * it was taken, scored and cached). Exit 0 with the same result stays a verdict.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAgentEvalJudge } from '../../src/protocols/agent-eval/agent-eval-judge.js';
import { computeRubricVersion } from '../../src/protocols/rubrics/rubric-version.js';
import { toWireRubric } from '../../src/protocols/rubrics/wire-rubric.js';

const RUBRIC = { dimensions: [{ id: 'q', description: 'quality', weight: 1 }], failureModes: [] };
const TAG = computeRubricVersion(toWireRubric('graded', RUBRIC));
const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa159-exit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Counts its judge calls in calls.txt; exits with JUDGE_EXIT after a judge result (0 for metadata).
writeFileSync(
  path.join(dir, 'judge.mjs'),
  `import { appendFileSync } from 'node:fs';
const method = process.argv[3];
let raw = '';
process.stdin.on('data', (c) => (raw += c)).on('end', () => {
  const version = { package: '@tangle-network/agent-eval', version: '0.170.0', wireVersion: '1.1.0' };
  const verdict = { composite: 0.9, dimensions: { q: 0.9 }, failureModes: [], wins: [], rationale: 'fine', rubricVersion: ${JSON.stringify(TAG)}, model: 'm', durationMs: 1 };
  if (method === 'judge') appendFileSync('calls.txt', 'x');
  const lines = process.argv[2] === 'rpc-batch' ? raw.split('\\n').filter((l) => l.trim()).length : 1;
  const reply = JSON.stringify({ result: method === 'version' ? version : method === 'listRubrics' ? { rubrics: [] } : verdict });
  process.stdout.write((reply + '\\n').repeat(lines));
  if (method === 'judge') process.stderr.write('flush failed: broken pipe\\n');
  process.exitCode = method === 'judge' ? Number(process.env.JUDGE_EXIT) : 0;
});
`,
);

function judgeExiting(status: number, retries: number) {
  return createAgentEvalJudge(
    { protocol: 'agent-eval', command: `JUDGE_EXIT=${status} node judge.mjs`, limits: { retries } },
    { cwd: dir, rubrics: { graded: RUBRIC } },
  );
}

const calls = (): number => {
  try {
    return readFileSync(path.join(dir, 'calls.txt'), 'utf8').length;
  } catch {
    return 0;
  }
};

describe('agent-eval rpc judge: the exit status', () => {
  it('records a result printed before exit 1 as a judge_error, retried as one, naming the status and stderr', async () => {
    writeFileSync(path.join(dir, 'calls.txt'), '');
    const judged = await judgeExiting(1, 1).judge(
      { content: 'an answer', rubric: { name: 'graded' } },
      AbortSignal.timeout(20_000),
    );
    expect(judged.ok).toBe(false);
    if (judged.ok) return;
    expect(judged.error.kind).toBe('judge_error');
    expect(judged.error.message).toContain(
      'agent-eval rpc judge (stdio): exited with status 1 after printing a result',
    );
    expect(judged.error.message).toContain('stderr: flush failed: broken pipe');
    expect(calls()).toBe(2);
  });

  it('keeps the same result from a process that exits 0', async () => {
    const judged = await judgeExiting(0, 1).judge(
      { content: 'an answer', rubric: { name: 'graded' } },
      AbortSignal.timeout(20_000),
    );
    expect(judged.ok ? judged.verdict.score : judged.error.message).toBe(0.9);
  });

  it('refuses an rpc-batch whose lines are all results when the process exits non-zero', async () => {
    const batch = judgeExiting(3, 0).judgeBatch;
    expect(batch).toBeDefined();
    const judged = await batch?.(
      [
        { content: 'one', rubric: { name: 'graded' } },
        { content: 'two', rubric: { name: 'graded' } },
      ],
      AbortSignal.timeout(20_000),
    );
    expect(judged?.map((j) => (j.ok ? 'ok' : j.error.kind))).toEqual(['judge_error', 'judge_error']);
  });
});
