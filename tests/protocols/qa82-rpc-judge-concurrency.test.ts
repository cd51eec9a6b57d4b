/**
 * QA82: a stdio (`command:`) agent-eval judge scoring more than ten examples at once printed
 * Node's `MaxListenersExceededWarning: Possible EventTarget memory leak detected. 11 abort
 * listeners added to [AbortSignal]` on the user's terminal: every call in flight listened to the
 * client's one close signal. Twelve concurrent judge calls against the fake `agent-eval rpc`
 * binary must all succeed without any process warning.
 */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgentEvalJudge } from '../../src/protocols/agent-eval/agent-eval-judge.js';

const SCRIPT = fileURLToPath(new URL('../fixtures/agent-eval-rpc.mjs', import.meta.url));
const warnings: string[] = [];
const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);

afterEach(() => {
  process.off('warning', onWarning);
});

describe('agent-eval judge over stdio, many calls at once (QA82)', () => {
  it('runs 12 concurrent judge calls without a MaxListenersExceededWarning', async () => {
    process.on('warning', onWarning);
    const judge = createAgentEvalJudge(
      { protocol: 'agent-eval', command: `node ${SCRIPT}` },
      {
        cwd: process.cwd(),
        rubrics: { graded: { dimensions: [{ id: 'q', description: 'quality', weight: 1 }] } },
      },
    );
    const signal = AbortSignal.timeout(30_000);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        judge.judge({ content: `q=0.5 answer ${i}`, rubric: { name: 'graded' } }, signal),
      ),
    );
    await judge.close?.();
    // warnings are emitted on the next tick
    await new Promise((resolve) => setImmediate(resolve));
    expect(results.map((r) => (r.ok ? r.verdict.score : r.error.message))).toEqual(Array(12).fill(0.5));
    expect(warnings.filter((w) => w.includes('MaxListeners'))).toEqual([]);
  }, 60_000);
});
