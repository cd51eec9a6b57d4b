/**
 * Every agent × task × dataset × example × repeat is its own call, and `plan` counts exactly the
 * invokes apply makes: two examples that render the same input, the same dataset used by two
 * tasks, and two agents at one URL that differ only by a header (never part of a key) each reach
 * the agent. Real CLI, real counting agent.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useCountingAgent } from './apply-harness.js';

const ctx = useCountingAgent();

function planYaml(url: string): string {
  const task = `
    bindings:
      default: { input: { q: "{{q}}" }, output: { codes: "output.codes" } }
    datasets: { d1: { source: d.jsonl } }
    metrics: [ { type: exact_match, candidate: codes, expected: codes, mode: list } ]`;
  return `evalc: 1
benchmark: { id: one-call, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: ${url}, headers: { x-model: large } }
  a2: { protocol: raip, url: ${url}, headers: { x-model: small } }
tasks:
  t1:${task}
  t2:${task}
`;
}

describe('one call per example', () => {
  it('invokes same-input examples, tasks sharing a dataset and same-URL agents each, as plan says', async () => {
    const dir = ctx.workspace('one-call');
    // a and b render the same input; c differs.
    const line = (id: string, q: string) =>
      JSON.stringify({ id, vars: { q }, expected: { codes: [`Z-${q}`, `A-${q}`] } });
    writeFileSync(
      path.join(dir, 'd.jsonl'),
      `${[line('a', 'x'), line('b', 'x'), line('c', 'y')].join('\n')}\n`,
    );
    writeFileSync(path.join(dir, 'evalc.yaml'), planYaml(ctx.agent.url));

    const plan = await runCli(['plan', '--json'], { cwd: dir });
    expect(plan.code).toBe(2);
    const planned = JSON.parse(plan.stdout) as { counts: { invoke: { run: number; cached: number } } };
    // 2 agents × 2 tasks × 3 examples
    expect(planned.counts.invoke).toEqual({ run: 12, cached: 0 });

    ctx.agent.reset();
    const cold = await runCli(['apply', '--quiet'], { cwd: dir });
    expect(cold.code, cold.stderr).toBe(0);
    expect(ctx.agent.stats().invokes).toBe(12);
    expect(ctx.agent.callsByExample()).toEqual({ a: 4, b: 4, c: 4 });

    ctx.agent.reset();
    const again = await runCli(['apply', '--quiet'], { cwd: dir });
    expect(again.code).toBe(0);
    expect(ctx.agent.stats().invokes).toBe(0);
  });
});
