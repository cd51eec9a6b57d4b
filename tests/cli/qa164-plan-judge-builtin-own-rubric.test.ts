/**
 * QA164: a judge whose own `rubric:` is an evalc built-in (`generic`) while its metric names a plan
 * rubric: the former own rubric was looked for among the plan's rubrics and the lock's pins only,
 * so `generic → r2` read "because judge llm changed (judges.llm, e.g. temperature, or its rubric
 * r2, which none of its metrics used …)", and `generic → none` or a temperature edit "because judge
 * llm changed". Apply in process against a real RAIP agent and OpenAI-compatible judge on
 * loopback, then `plan --json`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

function planText(agentUrl: string, judgeUrl: string, own: string): string {
  return `evalc: 1
benchmark: { id: qa164 }
agents:
  a1: { protocol: raip, url: "${agentUrl}", limits: { retries: 0 } }
judges:
  llm: { protocol: openai, url: "${judgeUrl}", model: m1${own} }
rubrics:
  r1:
    dimensions: [{ id: relevance, description: "On topic" }]
  r2:
    dimensions: [{ id: relevance, description: "Closely on topic" }]
tasks:
  t1:
    bindings: { default: { input: { query: "{{query}}" }, output: { answer: output.answer } } }
    datasets: { d1: { examples: [ { id: s1, vars: { query: "intro ML" } } ] } }
    metrics:
      - { id: quality, type: judge, judge: llm, rubric: r1, content: "relevance=0.8 {{candidate.answer}}" }
run: { preflight: 0, bootstrap: 100 }
`;
}

async function reasons(dir: string): Promise<string[]> {
  const result = await runCommand(planCommand, ['evalc.yaml', '--json'], { cwd: dir });
  const json = JSON.parse(result.stdout) as { rows: { kind: string; target: string; reason: string }[] };
  return json.rows.filter((r) => r.kind !== 'aggregate').map((r) => `${r.target}: ${r.reason}`);
}

describe('plan names an edit of a judge whose own rubric is a built-in (QA164)', () => {
  it('generic replaced or removed, and a temperature edit beside it', async () => {
    const agent = await startRaipAgent();
    const judge = await startOpenaiJudgeServer();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa164-builtin-own-'));
    cleanups.push(
      () => rmSync(dir, { recursive: true, force: true }),
      () => agent.close(),
      () => judge.close(),
    );
    const file = path.join(dir, 'evalc.yaml');
    writeFileSync(file, planText(agent.url, judge.url, ', rubric: generic'));
    const applied = await applyInProcess(dir);
    if (applied.status !== 'done') throw new Error(`apply ${applied.status}`);

    writeFileSync(file, planText(agent.url, judge.url, ', rubric: r2'));
    expect(await reasons(dir)).toEqual([
      "qa164/t1[a1]/quality: because judge llm's rubric changed (generic → r2)",
    ]);
    writeFileSync(file, planText(agent.url, judge.url, ''));
    expect(await reasons(dir)).toEqual([
      "qa164/t1[a1]/quality: because judge llm's rubric changed (generic → none)",
    ]);
    writeFileSync(file, planText(agent.url, judge.url, ', rubric: generic, temperature: 0.3'));
    expect(await reasons(dir)).toEqual([
      "qa164/t1[a1]/quality: because judge llm's settings changed (judges.llm: not its endpoint, model or rubric; e.g. temperature)",
    ]);
  });

  it("a rubric renamed with the judge's own rubric setting", async () => {
    const agent = await startRaipAgent();
    const judge = await startOpenaiJudgeServer();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa164-renamed-own-'));
    cleanups.push(
      () => rmSync(dir, { recursive: true, force: true }),
      () => agent.close(),
      () => judge.close(),
    );
    const file = path.join(dir, 'evalc.yaml');
    // quality2 is judged against the judge's own rubric r2: the lock pins r1 | r2
    const both = (own: string) =>
      planText(agent.url, judge.url, own).replace(
        'run:',
        '      - { id: quality2, type: judge, judge: llm, content: "relevance=0.8 {{candidate.answer}}" }\nrun:',
      );
    writeFileSync(file, both(', rubric: r2'));
    const applied = await applyInProcess(dir);
    if (applied.status !== 'done') throw new Error(`apply ${applied.status}`);

    // r2 renamed r9, the same definition: it read "rubric changed (r1 | r2 → r9)" and "judge llm
    // changed (… or its rubric r9, which none of its metrics used …)"
    writeFileSync(file, both(', rubric: r9').replace('  r2:', '  r9:'));
    expect(await reasons(dir)).toEqual([
      "qa164/t1[a1]/quality: because judge llm's rubric changed (r2 → r9)",
      "qa164/t1[a1]/quality2: because judge llm's rubric changed (r2 → r9)",
    ]);
  });

  it("a rubric deleted and the judge's own rubric pointed at another", async () => {
    const agent = await startRaipAgent();
    const judge = await startOpenaiJudgeServer();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa164-deleted-own-'));
    cleanups.push(
      () => rmSync(dir, { recursive: true, force: true }),
      () => agent.close(),
      () => judge.close(),
    );
    const file = path.join(dir, 'evalc.yaml');
    const both = (own: string) =>
      planText(agent.url, judge.url, own).replace(
        'run:',
        '      - { id: quality2, type: judge, judge: llm, content: "relevance=0.8 {{candidate.answer}}" }\nrun:',
      );
    writeFileSync(file, both(', rubric: r2'));
    const applied = await applyInProcess(dir);
    if (applied.status !== 'done') throw new Error(`apply ${applied.status}`);

    const withoutR2 = (own: string) =>
      both(own).replace('  r2:\n    dimensions: [{ id: relevance, description: "Closely on topic" }]\n', '');
    // r2 deleted, the judge on r1: quality read "settings changed (… not its endpoint, model or
    // rubric …)", though its rubric: setting changed
    const gone =
      'because judge llm changed (judges.llm: its rubric: setting or another, e.g. temperature; rubric r2, which its metrics used, is no longer in the plan)';
    writeFileSync(file, withoutR2(', rubric: r1'));
    expect(await reasons(dir)).toEqual([`qa164/t1[a1]/quality: ${gone}`, `qa164/t1[a1]/quality2: ${gone}`]);
    // r2 deleted, the judge on the built-in generic: quality2 read "rubric changed (r1 | r2 → generic)",
    // the lock's pins for its metrics shown as a former own rubric
    writeFileSync(file, withoutR2(', rubric: generic'));
    expect(await reasons(dir)).toEqual([
      `qa164/t1[a1]/quality: ${gone}`,
      "qa164/t1[a1]/quality2: because judge llm's rubrics changed (evalc.lock pins r1 | r2 for its metrics; this one is now judged against generic)",
    ]);
  });
});
