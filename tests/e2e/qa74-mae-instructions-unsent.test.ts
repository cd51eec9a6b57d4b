/**
 * QA74: a task's `instructions` stayed in every MultiAgentEval invoke key (QA66 kept them for mae:
 * "its task text"), but a mae agent is sent them only when the binding input is not the whole
 * task text: a non-empty `task_description` (the course-advisor demo's a3) is sent as it is. So an
 * instructions edit re-ran every such conversation with the same requests. The key now holds them
 * per example, only when the task text does (here e2's empty task_description falls back to them).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MaeHttpAgent, startMaeHttpAgent } from '../fixtures/mae-http-agent.js';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

let mae: MaeHttpAgent;
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  assertBuilt();
  mae = await startMaeHttpAgent();
});
afterAll(async () => {
  await mae.close();
  for (const c of cleanups) c();
});

function writePlan(dir: string, instructions: string): void {
  const yaml = `evalc: 1
benchmark: { id: qa74, version: 1.0.0 }
agents:
  m1: { protocol: mae, transport: http, url: "${mae.url}/execute_task" }
tasks:
  t1:
    instructions: "${instructions}"
    bindings:
      default:
        input: { task_description: "{{q}}" }
        output: { answer: final_answer }
    datasets:
      d1:
        examples:
          - { id: e1, vars: { q: "final:one" }, expected: { answer: one } }
          - { id: e2, vars: { q: "" }, expected: { answer: one } }
    metrics:
      - { type: contains, candidate: answer, expected: answer }
`;
  writeFileSync(path.join(dir, 'evalc.yaml'), yaml);
}

describe('an instructions edit re-invokes only the mae examples whose task text holds them (QA74)', () => {
  it('re-runs e2 (task text = the instructions), not e1 (its own task_description)', async () => {
    const ws = tempWorkspace('qa74-mae-instructions');
    cleanups.push(ws.cleanup);
    writePlan(ws.dir, 'final:one');
    const cold = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir });
    expect(cold.code, cold.stderr).toBe(0);
    expect(mae.requests.map((r) => r.body.task_description).sort()).toEqual(['final:one', 'final:one']);

    writePlan(ws.dir, 'final:two');
    const planned = await runCli(['plan', 'evalc.yaml'], { cwd: ws.dir });
    expect(planned.code, planned.stderr).toBe(2);
    expect(planned.stdout).toMatch(
      /~ invoke +qa74\/t1\[m1\] +1 example +because the task's instructions changed \(tasks\.t1\.instructions\)/,
    );
    expect(planned.stdout).toContain('Plan: 1 to invoke');

    mae.requests.length = 0;
    const applied = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir });
    expect(applied.code, applied.stderr).toBe(0);
    expect(mae.requests.map((r) => r.body.task_description)).toEqual(['final:two']);

    const again = await runCli(['plan', 'evalc.yaml'], { cwd: ws.dir });
    expect(again.code, again.stdout).toBe(0);
  });
});
