/**
 * `limits.rps` holds for MultiAgentEval agents whose requests bypass the HTTP transport (and its
 * token bucket): over stdio (`transport: local`) conversations start at most `rps` per second.
 * Real CLI, the stdio fixture agent.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCli, tempWorkspace } from '../e2e/apply-harness.js';

const AGENT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/mae-stdio-agent.mjs');
const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const c of cleanups) c();
});

function workspace(limits: Record<string, unknown>): string {
  const ws = tempWorkspace('qa3-mae-rps');
  cleanups.push(ws.cleanup);
  const plan = {
    evalc: 1,
    benchmark: { id: 'qa3-mae-rps', version: '1.0.0' },
    agents: {
      a3: {
        protocol: 'mae',
        transport: 'local',
        command: `node ${JSON.stringify(AGENT)}`,
        maxTurns: 2,
        limits,
      },
    },
    tasks: {
      t1: {
        instructions: 'Answer.',
        bindings: { default: { input: '{{q}}', output: { answer: 'final_answer' } } },
        datasets: { d1: { source: 'd1.jsonl' } },
        metrics: [{ type: 'contains', candidate: 'answer', expected: 'answer' }],
      },
    },
  };
  writeFileSync(path.join(ws.dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
  const lines = [1, 2, 3, 4, 5].map((i) =>
    JSON.stringify({ id: `m${i}`, vars: { q: `hello ${i}` }, expected: { answer: 'hello' } }),
  );
  writeFileSync(path.join(ws.dir, 'd1.jsonl'), `${lines.join('\n')}\n`);
  return ws.dir;
}

async function timedApply(dir: string): Promise<number> {
  const started = Date.now();
  const result = await runCli(['apply', '--quiet'], { cwd: dir });
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return Date.now() - started;
}

describe('rps of an agent over stdio', () => {
  it('spaces its conversations 1/rps apart (5 at rps 2 take at least 2 s)', async () => {
    assertBuilt();
    expect(await timedApply(workspace({ concurrency: 5, rps: 2 }))).toBeGreaterThanOrEqual(1_950);
  });
});
