/**
 * QA47: removing a task (or a dataset, or an agent) from a plan drops its results from evalc.lock
 * on the next apply, but `plan` said only "~ aggregate … because the plan changed". It now names
 * the agent × task × dataset groups that left the plan (and a change no step sees says so). Apply in process against a real RAIP
 * agent on loopback, then `plan --json` in process.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { planCommand } from '../../src/cli/plan.js';
import { startRaipAgent } from '../fixtures/raip-agent.js';
import { applyInProcess } from '../protocols/apply-in-process.js';
import { runCommand } from './run-cli.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const task = (id: string) => `  ${id}:
    bindings: { default: { input: { query: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d1: { examples: [ { id: s1, vars: { q: "intro ML" }, expected: { answer: "Courses" } } ] } }
    metrics: [ { type: contains, candidate: answer, expected: answer } ]
`;

describe('plan names the groups that left the plan (QA47)', () => {
  it('says which agent/task/dataset groups leave evalc.lock when a task is removed', async () => {
    const agent = await startRaipAgent();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa47-plan-removed-'));
    cleanups.push(
      () => rmSync(dir, { recursive: true, force: true }),
      () => agent.close(),
    );
    const head = `evalc: 1
benchmark: { id: qa47-removed }
agents:
  a1: { protocol: raip, url: "${agent.url}", limits: { retries: 0 } }
run: { preflight: 0, bootstrap: 100 }
tasks:
`;
    const file = path.join(dir, 'evalc.yaml');
    writeFileSync(file, head + task('keep') + task('gone'));
    const applied = await applyInProcess(dir);
    if (applied.status !== 'done') throw new Error(`apply ${applied.status}`);
    expect(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')).toContain('"a1/gone/d1"');
    writeFileSync(file, head + task('keep'));
    const result = await runCommand(planCommand, ['evalc.yaml', '--json'], { cwd: dir });
    expect(result.code).toBe(2);
    const rows = (JSON.parse(result.stdout) as { rows: { kind: string; reason: string }[] }).rows;
    expect(rows.map((r) => `${r.kind}: ${r.reason}`)).toEqual([
      'aggregate: because 1 group left the plan (a1/gone/d1): its results leave evalc.lock',
    ]);
    // A change no step sees (a gate) says so, as apply --locked does.
    writeFileSync(file, `${head + task('keep') + task('gone')}gates: [ { metric: contains, min: 0.5 } ]\n`);
    const gated = await runCommand(planCommand, ['evalc.yaml', '--json'], { cwd: dir });
    const gateRows = (JSON.parse(gated.stdout) as { rows: { kind: string; reason: string }[] }).rows;
    expect(gateRows.map((r) => `${r.kind}: ${r.reason}`)).toEqual([
      'aggregate: because the plan changed (no step changes: e.g. a gate, a weight or a description)',
    ]);
  });
});
