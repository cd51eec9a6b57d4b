/**
 * `--locked` checks the pins of the agents the run uses: with `--only` on a task that one agent
 * does not take part in, that agent is neither started nor asked, and its unchanged pin is no
 * drift. A real drift names what changed (version, schema digest). Real CLI, loopback agents.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCli, tempWorkspace } from '../e2e/apply-harness.js';
import { type FaultAgent, faultExamples, startFaultAgent } from '../fixtures/qa3-fault-agent.js';

let a1: FaultAgent;
let a2: FaultAgent;
const cleanups: (() => void)[] = [];
beforeAll(async () => {
  assertBuilt();
  a1 = await startFaultAgent();
  a2 = await startFaultAgent();
});
afterAll(async () => {
  await a1.close();
  await a2.close();
  for (const c of cleanups) c();
});

function workspace(): string {
  const ws = tempWorkspace('qa3-locked-only');
  cleanups.push(ws.cleanup);
  const binding = {
    default: { input: { q: '{{q}}', mode: '{{mode}}' }, output: { answer: 'output.answer' } },
  };
  const metrics = [{ type: 'exact_match', candidate: 'answer', expected: 'answer' }];
  const plan = {
    evalc: 1,
    benchmark: { id: 'qa3-locked-only', version: '1.0.0' },
    agents: {
      a1: { protocol: 'raip', url: a1.url, limits: { concurrency: 2, retries: 0 } },
      a2: { protocol: 'raip', url: a2.url, limits: { concurrency: 2, retries: 0 } },
    },
    tasks: {
      both: { bindings: binding, datasets: { d1: { source: 'd1.jsonl' } }, metrics },
      solo: { agents: ['a1'], bindings: binding, datasets: { d2: { source: 'd2.jsonl' } }, metrics },
    },
    run: { repeats: 1, seed: 7, bootstrap: 100 },
  };
  writeFileSync(path.join(ws.dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
  writeFileSync(path.join(ws.dir, 'd1.jsonl'), faultExamples({ b1: 'ok', b2: 'ok' }));
  writeFileSync(path.join(ws.dir, 'd2.jsonl'), faultExamples({ s1: 'ok', s2: 'ok' }));
  return ws.dir;
}

describe('apply --locked --only', () => {
  it('passes for a task without the other agent, and names the version that drifted', async () => {
    const dir = workspace();
    expect((await runCli(['apply', '--quiet'], { cwd: dir })).code).toBe(0);
    const a2Info = a2.infoCalls();

    const solo = await runCli(['apply', '--locked', '--only', 'solo'], { cwd: dir });
    expect(solo.stderr).not.toContain('pinned inputs changed');
    expect(solo.code).toBe(0);
    expect(a2.infoCalls()).toBe(a2Info);

    const both = await runCli(['apply', '--locked', '--only', 'both/d1'], { cwd: dir });
    expect(both.code).toBe(0);

    a1.setVersion('1.1.0');
    try {
      const drifted = await runCli(['apply', '--locked', '--only', 'solo'], { cwd: dir });
      expect(drifted.code).toBe(1);
      expect(drifted.stderr).toContain('agent a1: identity changed (version 1.0.0 → 1.1.0)');
      expect(drifted.stderr).not.toContain('agent a2');
    } finally {
      a1.setVersion('1.0.0');
    }
  });
});
