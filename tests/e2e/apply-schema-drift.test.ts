/**
 * RAIP R8: inputs that fit the agent's published /info schema but are refused with 400
 * ajvErrors are each the example's contract_error; past 10% of the agent's answers (and at
 * least 3 of them) the run also flags schema drift for that agent.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  type CountingAgent,
  type FaultOptions,
  faultFor,
  startCountingAgent,
} from '../fixtures/apply-counting-agent.mjs';
import { countingExamples, runCli, tempWorkspace, writeDataset, writePlan } from './apply-harness.js';

const agents: CountingAgent[] = [];
const cleanups: (() => void)[] = [];
afterAll(async () => {
  for (const a of agents) await a.close();
  for (const c of cleanups) c();
});

async function applyWith(faults: FaultOptions, prefix: string, n: number) {
  const agent = await startCountingAgent({ faults });
  agents.push(agent);
  const ws = tempWorkspace(`drift-${prefix}`);
  cleanups.push(ws.cleanup);
  const examples = countingExamples(n, prefix);
  writeDataset(ws.dir, 'd1.jsonl', examples);
  writePlan(ws.dir, {
    agentUrl: agent.url,
    metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' }],
  });
  const run = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: ws.dir });
  const events = run.stdout
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  // Every request is the first for its example (400 is never retried): its fault is known.
  const refused = examples.filter((e) => faultFor(faults, e.id, 0, 1) === '400').length;
  return { run, events, refused };
}

describe('schema drift (RAIP R8)', () => {
  it('flags an agent that refuses more than 10% of schema-fitting inputs with 400 ajvErrors', async () => {
    const { run, events, refused } = await applyWith({ seed: 3, rates: { '400': 0.3 } }, 'hi', 30);
    expect(run.code).toBe(0);
    expect(refused).toBeGreaterThan(3);
    const result = events.find((e) => e.event === 'result');
    expect(result?.schemaDrift).toEqual([{ agent: 'a1', refused, answered: 30 }]);
    expect(result?.errorKinds).toEqual({ contract_error: refused });
    const warning = events.find((e) => e.event === 'message' && String(e.text).includes('schema drift'));
    expect(warning?.text).toContain(`agent a1: ${refused} of 30 inputs`);
  });

  it('does not flag a few refusals (3 of 40: enough refusals, but under 10%)', async () => {
    const { run, events, refused } = await applyWith({ seed: 3, rates: { '400': 0.05 } }, 'lo', 40);
    expect(run.code).toBe(0);
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBe(3);
    const result = events.find((e) => e.event === 'result');
    expect(result?.errorKinds).toEqual({ contract_error: refused });
    expect(result?.schemaDrift).toBeUndefined();
  });
});
