/**
 * QA131: a plan edit no step sees and an example's weight edited in the same change. `plan` named
 * the plan edit alone (`because the plan changed (no step changes: gate pass_rate min 0.5 → 0.4)`):
 * the dataset's reason is looked at only when the plan digest is unchanged, so the weight edit,
 * which changes the lock's rows and aggregates, was not said (the README says an example's weight
 * reads `because example weights changed (…)`). Both are named now. Real binary, loopback agent.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

function setWeight(dir: string, index: number, weight: number) {
  const file = path.join(dir, 'd1.jsonl');
  const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
  lines[index] = JSON.stringify({ ...(JSON.parse(lines[index]!) as object), weight });
  writeFileSync(file, `${lines.join('\n')}\n`);
}

describe('a gate and an example weight edited together', () => {
  it('plan names both on the aggregate row', async () => {
    const dir = ctx.workspace('gate-and-weight');
    writeDataset(dir, 'd1.jsonl', countingExamples(3));
    const gate = (min: number) => [{ metric: 'pass_rate', scope: 'benchmark', min }];
    writePlan(dir, { agentUrl: ctx.agent.url, gates: gate(0.5) });
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);

    const original = readFileSync(path.join(dir, 'd1.jsonl'), 'utf8');
    setWeight(dir, 1, 3);
    writePlan(dir, { agentUrl: ctx.agent.url, gates: gate(0.4) });
    const plan = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(plan.code).toBe(2);
    expect(plan.stdout).toMatch(
      /~ aggregate +counting +3 nodes +because the plan changed \(no step changes: gate pass_rate min 0\.5 → 0\.4\), and example weights changed \(d1\/e1 1 → 3\)\n/,
    );

    // The weight alone, then the plan edit alone, read as before.
    writePlan(dir, { agentUrl: ctx.agent.url, gates: gate(0.5) });
    expect((await runCli(['plan', 'evalc.yaml'], { cwd: dir })).stdout).toMatch(
      /because example weights changed \(d1\/e1 1 → 3\)\n/,
    );
    writeFileSync(path.join(dir, 'd1.jsonl'), original);
    writePlan(dir, { agentUrl: ctx.agent.url, gates: gate(0.4) });
    expect((await runCli(['plan', 'evalc.yaml'], { cwd: dir })).stdout).toMatch(
      /because the plan changed \(no step changes: gate pass_rate min 0\.5 → 0\.4\)\n/,
    );
  });
});
