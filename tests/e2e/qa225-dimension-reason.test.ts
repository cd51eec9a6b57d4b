/**
 * QA225: f8268fd's `plan` reason for a judge metric with `dimension:` ("because evalc no longer
 * clamps a dimension score…") is said only when the recorded key is the one an evalc before the
 * rule gave it. An edit of the plan rubric the metric names re-scored it too, and read that reason,
 * while the composite metric beside it read "because rubric mine changed (rubrics.mine)".
 * Real loopback agent and agent-eval judge.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planCommand } from '../../src/cli/plan.js';
import { runCommand } from '../cli/run-cli.js';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { applyInProcess } from '../protocols/apply-in-process.js';

let agent: Loopback;
let judge: Loopback;
let dir: string;

const planText = (description: string) => `evalc: 1
benchmark: { id: b, version: "1.0.0" }
agents: { a1: { protocol: raip, url: "${agent.url}", limits: { retries: 0 } } }
judges: { j: { protocol: agent-eval, url: "${judge.url}", limits: { retries: 0 } } }
rubrics:
  mine:
    dimensions:
      - { id: a, description: "${description}", weight: 1 }
      - { id: b, description: "B", weight: 1 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: x } } ] } }
    metrics:
      - { type: judge, id: comp, judge: j, rubric: mine }
      - { type: judge, id: dim_a, judge: j, rubric: mine, dimension: a, gate: false }
run: { repeats: 1, seed: 7, preflight: 0, bootstrap: 100 }
`;

beforeAll(async () => {
  agent = await startLoopback((req, res) => {
    if ((req.url ?? '').startsWith('/info'))
      return sendJson(res, 200, { name: 'n', version: '1', inputSchema: { type: 'object' } });
    return sendJson(res, 200, { output: { answer: 'an answer' }, usage: {} });
  });
  judge = await startLoopback((req, res, body) => {
    if (req.url === '/v1/version')
      return sendJson(res, 200, {
        package: '@tangle-network/agent-eval',
        version: '0.170.0',
        wireVersion: '1.1.0',
      });
    if (req.url === '/v1/rubrics') return sendJson(res, 200, { rubrics: [] });
    const { rubric } = JSON.parse(body) as { rubric: { name: string } };
    return sendJson(res, 200, {
      composite: 0.5,
      dimensions: { a: 0.5, b: 0.5 },
      failureModes: [],
      wins: [],
      rationale: 'scored',
      rubricVersion: `${rubric.name}@a4f2b8c1`,
      model: 'stub',
      durationMs: 1,
    });
  });
  dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa225-dimension-'));
  writeFileSync(path.join(dir, 'evalc.yaml'), planText('A'));
});
afterAll(async () => {
  await agent.close();
  await judge.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('plan: why a dimension metric re-scores (QA225)', () => {
  it('says the plan rubric it names changed, as the composite beside it does', async () => {
    expect((await applyInProcess(dir)).status).toBe('done');
    const lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as {
      results: { metrics: Record<string, { score: number | null }> }[];
    };
    expect(lock.results[0]?.metrics.dim_a?.score).toBe(0.5);
    writeFileSync(path.join(dir, 'evalc.yaml'), planText('A, said better'));
    const planned = await runCommand(planCommand, ['evalc.yaml'], { cwd: dir });
    const row = planned.stdout.split('\n').find((line) => line.includes('/dim_a'));
    expect(row).toContain('because rubric mine changed (rubrics.mine)');
    expect(planned.stdout).not.toContain('no longer clamps');
  });
});
