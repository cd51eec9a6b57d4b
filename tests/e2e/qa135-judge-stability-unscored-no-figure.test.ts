/**
 * QA135 (review of d6c1387): an example-scope judge_stability gate fails on an example whose every
 * repeat the agent failed (500) beside examples with a figure; d6c1387 failed it only when another
 * example had a figure, so with `run.repeats: 2` beside an example judged once (the agent failed
 * its other repeat: no figure, no error) the gate was skipped — "none reported, none failed" —
 * and apply exited 0 though no repeat of `down` was scored; e0eaed8 failed it. `run.repeats: 1`
 * still skips it (no example could have a figure). Real loopback `http` agent and agent-eval judge.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

// `once` answers its first call of each pair and fails the second; `down` fails every call.
const ANSWERS: Record<string, string[]> = { once: ['A', 'FAIL'], down: ['FAIL'] };
const NOISE = [0.9, 0.7, 0.8];

let agent: Loopback;
let judge: Loopback;
const cleanups: (() => void)[] = [];
beforeAll(async () => {
  assertBuilt();
  const asked = new Map<string, number>();
  agent = await startLoopback((_req, res, body) => {
    const q = String((JSON.parse(body) as { q?: unknown }).q);
    const n = asked.get(q) ?? 0;
    asked.set(q, n + 1);
    const script = ANSWERS[q] ?? ['X'];
    if (script[n % script.length] === 'FAIL') return sendJson(res, 500, { error: 'scripted failure' });
    sendJson(res, 200, { answer: `answer ${q}` });
  });
  let k = 0;
  judge = await startLoopback((req, res) => {
    if (req.method === 'GET' && req.url === '/v1/version')
      return sendJson(res, 200, {
        package: '@tangle-network/agent-eval',
        version: '0.20.10',
        wireVersion: '1.0.0',
        apiSurface: ['judge', 'listRubrics', 'version'],
      });
    if (req.method === 'GET' && req.url === '/v1/rubrics')
      return sendJson(res, 200, {
        rubrics: [
          {
            name: 'support',
            description: 's',
            dimensions: [{ id: 'q', description: 'quality', weight: 1 }],
            failureModes: [],
            rubricVersion: 'support@1',
          },
        ],
      });
    if (req.method === 'GET' && req.url === '/healthz')
      return sendJson(res, 200, { status: 'ok', uptimeSec: 1 });
    if (req.method !== 'POST' || req.url !== '/v1/judge')
      return sendJson(res, 404, { error: { code: 'not_found', message: 'no', details: null } });
    const s = NOISE[k++ % NOISE.length]!;
    sendJson(res, 200, {
      composite: s,
      dimensions: { q: s },
      failureModes: [],
      wins: [],
      rationale: 'ok',
      rubricVersion: 'support@1',
      model: 'fj',
      durationMs: 1,
    });
  });
});
afterAll(async () => {
  await Promise.all([agent.close(), judge.close()]);
  for (const cleanup of cleanups) cleanup();
});

async function applyWith(repeats: number) {
  const ws = tempWorkspace('qa135-stability-gate');
  cleanups.push(ws.cleanup);
  const plan = {
    evalc: 1,
    benchmark: { id: 'qa135-stability-gate', version: '1.0.0' },
    agents: {
      a: { protocol: 'http', url: `${agent.url}/ask`, response: 'answer', limits: { retries: 0 } },
    },
    judges: { j: { protocol: 'agent-eval', url: judge.url, rubric: 'support' } },
    tasks: {
      t: {
        bindings: { default: { input: { q: '{{q}}' }, output: { answer: '@' } } },
        datasets: {
          d: {
            examples: [
              { id: 'once', vars: { q: 'once' } },
              { id: 'down', vars: { q: 'down' } },
            ],
          },
        },
        metrics: [{ type: 'judge', judge: 'j' }, { type: 'judge_stability' }],
      },
    },
    run: { repeats, concurrency: 1 },
    gates: [{ metric: 'judge_stability', min: 0.5, scope: 'example' }],
  };
  writeFileSync(path.join(ws.dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
  const apply = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: ws.dir });
  const result = apply.stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map(
      (line) =>
        JSON.parse(line) as {
          event: string;
          gates?: { scope: string; passed: boolean; skipped?: boolean; message: string }[];
        },
    )
    .find((e) => e.event === 'result');
  return { apply, gates: result?.gates ?? [] };
}

describe('judge_stability example gate, no example with a figure beside one the agent failed (QA135)', () => {
  it('with repeats: 2 fails on the example no repeat of which was scored', async () => {
    const { apply, gates } = await applyWith(2);
    expect(gates.map((g) => [g.scope, g.passed, g.skipped ?? false, g.message])).toEqual([
      ['example:t/d/down', false, false, 'judge_stability has no results at example:t/d/down for a'],
    ]);
    expect(apply.code).toBe(1);
  });

  it('with repeats: 1 still skips it: no example could have a figure', async () => {
    const { apply, gates } = await applyWith(1);
    expect(gates.map((g) => [g.scope, g.passed, g.skipped ?? false])).toEqual([['example', true, true]]);
    expect(apply.code, apply.stderr).toBe(0);
  });
});
