/**
 * QA237: a stdio (`agent-eval rpc judge`) judge whose process crashed (exit 1 with a traceback and
 * no output line, or killed by a signal) was asked once: its `process_crashed` ended the metric
 * for this apply, where the README counts a crashed process among the transient failures a judge
 * retries (`limits.retries`, default 3) and a call that timed out was already run again (QA34).
 * It is run again now, as a timed-out call is; one that keeps crashing stops at limits.retries.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgentEvalJudge } from '../../src/protocols/agent-eval/agent-eval-judge.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const script = fileURLToPath(new URL('../fixtures/qa237-rpc-crash-once.mjs', import.meta.url));
const RUBRICS = { graded: { dimensions: [{ id: 'q', description: 'quality', weight: 1 }] } };

async function judgeWith(env: string, retries: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'qa237-rpc-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const count = path.join(dir, 'calls');
  const judge = createAgentEvalJudge(
    {
      protocol: 'agent-eval',
      command: `QA237_RPC_COUNT='${count}' ${env} node ${script}`,
      limits: { retries, timeout: '15s' },
    },
    { cwd: process.cwd(), rubrics: RUBRICS },
  );
  cleanups.push(() => judge.close());
  const judged = await judge.judge(
    { content: 'answer', rubric: { name: 'graded' } },
    AbortSignal.timeout(30_000),
  );
  return { judged, calls: readFileSync(count, 'utf8').split('\n').filter(Boolean).length };
}

describe('a stdio judge whose process crashed (QA237)', () => {
  it.each([
    ['exit 1, a traceback on stderr', ''],
    ['killed by SIGKILL', 'QA237_RPC_KILL=1'],
  ])('%s: run again, as limits.retries allows', async (_what, env) => {
    const { judged, calls } = await judgeWith(env, 1);
    expect(judged).toMatchObject({ ok: true, verdict: { score: 0.5 } });
    expect(calls).toBe(2);
  });

  it('with limits.retries 0, the crash is the outcome, its stderr quoted', async () => {
    const { judged, calls } = await judgeWith('', 0);
    expect(judged.ok ? undefined : judged.error).toMatchObject({
      kind: 'process_crashed',
      message: expect.stringContaining('ConnectionResetError'),
    });
    expect(calls).toBe(1);
  });
});
