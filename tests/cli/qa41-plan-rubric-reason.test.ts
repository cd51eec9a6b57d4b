/**
 * QA41: `evalc plan` gave "because judge oj changed" for a judge metric whose rubric definition
 * changed — also when the judge itself was untouched and only the rubric a metric names
 * (`rubric: r2`) was edited, sending the user to the judge's settings. It now names the rubric,
 * or the judge setting that changed (model, endpoint). Apply in process against a real RAIP agent
 * and OpenAI-compatible judge on loopback, then `plan --json` in process.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { planCommand } from '../../src/cli/plan.js';
import { startOpenaiJudgeServer } from '../fixtures/openai-judge-server.js';
import { startRaipAgent } from '../fixtures/raip-agent.js';
import { applyInProcess } from '../protocols/apply-in-process.js';
import { runCommand } from './run-cli.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function planText(agentUrl: string, judgeUrl: string): string {
  return `evalc: 1
benchmark: { id: qa41 }
agents:
  a1: { protocol: raip, url: "${agentUrl}", limits: { retries: 0 } }
judges:
  oj: { protocol: openai, url: "${judgeUrl}", model: m1, rubric: r1 }
rubrics:
  r1:
    dimensions: [{ id: relevance, description: "On topic" }]
  r2:
    dimensions:
      - { id: relevance, description: "On topic", weight: 1 }
      - { id: accuracy, description: "Correct", weight: 1 }
tasks:
  t1:
    bindings: { default: { input: { query: "{{query}}" }, output: { answer: output.answer } } }
    datasets: { d1: { examples: [ { id: s1, vars: { query: "intro ML" } } ] } }
    metrics:
      - { id: m_default, type: judge, judge: oj, content: "relevance=0.8 {{candidate.answer}}" }
      - { id: m_r2, type: judge, judge: oj, rubric: r2, content: "relevance=0.8 {{candidate.answer}}" }
run: { preflight: 0, bootstrap: 100 }
`;
}

async function reasons(dir: string): Promise<string[]> {
  const result = await runCommand(planCommand, ['evalc.yaml', '--json'], { cwd: dir });
  const json = JSON.parse(result.stdout) as { rows: { kind: string; target: string; reason: string }[] };
  return json.rows.filter((r) => r.kind !== 'aggregate').map((r) => `${r.target}: ${r.reason}`);
}

describe('plan names the rubric behind a judge metric re-score (QA41)', () => {
  it('names a changed rubric, or the judge setting that changed', async () => {
    const agent = await startRaipAgent();
    const judge = await startOpenaiJudgeServer();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa41-plan-rubric-'));
    cleanups.push(
      () => rmSync(dir, { recursive: true, force: true }),
      () => agent.close(),
      () => judge.close(),
    );
    const file = path.join(dir, 'evalc.yaml');
    writeFileSync(file, planText(agent.url, judge.url));
    const applied = await applyInProcess(dir);
    if (applied.status !== 'done') throw new Error(`apply ${applied.status}`);
    const edit = (from: string, to: string) => {
      const text = readFileSync(file, 'utf8');
      expect(text).toContain(from);
      writeFileSync(file, text.replace(from, to));
    };

    // Only the rubric that one metric names.
    edit(
      '{ id: accuracy, description: "Correct", weight: 1 }',
      '{ id: accuracy, description: "Correct", weight: 3 }',
    );
    expect(await reasons(dir)).toEqual(['qa41/t1[a1]/m_r2: because rubric r2 changed (rubrics.r2)']);

    // The judge's own rubric: its metrics all re-score (the judge's identity holds it).
    edit('description: "On topic" }]', 'description: "On topic, and nothing else" }]');
    expect(await reasons(dir)).toEqual([
      'qa41/t1[a1]/m_default: because rubric r1 changed (rubrics.r1)',
      "qa41/t1[a1]/m_r2: because judge oj's rubric r1 changed (rubrics.r1)",
    ]);

    // The judge's model.
    writeFileSync(file, planText(agent.url, judge.url).replace('model: m1', 'model: m2'));
    expect(await reasons(dir)).toEqual([
      "qa41/t1[a1]/m_default: because judge oj's model changed (m1 → m2)",
      "qa41/t1[a1]/m_r2: because judge oj's model changed (m1 → m2)",
    ]);
  });
});
