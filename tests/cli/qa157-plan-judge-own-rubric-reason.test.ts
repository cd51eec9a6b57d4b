/**
 * QA157: since 61bd5f9 evalc.lock pins the rubrics a judge's metrics used, not the judge's own
 * `rubric:` setting, so `plan` could no longer name a change of that setting: `rubric: r2` set on
 * DESIGN §2's `llm` (no rubric of its own, its metric naming r1) read "because judge llm's rubric
 * r2 changed (rubrics.r2)", though rubrics.r2 was untouched. When the lock's judge digest is the
 * judge's identity now with another own rubric (or none), that setting is what changed. Apply in
 * process against a real RAIP agent and OpenAI-compatible judge on loopback, then `plan --json`.
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

const QUALITY =
  '      - { id: quality, type: judge, judge: llm, rubric: r1, content: "relevance=0.8 {{candidate.answer}}" }';
/** A second metric judged against the judge's own rubric (it names none). */
const INHERITS =
  '      - { id: quality2, type: judge, judge: llm, content: "relevance=0.8 {{candidate.answer}}" }';

function planText(agentUrl: string, judgeUrl: string, own: string, metrics = QUALITY): string {
  return `evalc: 1
benchmark: { id: qa157 }
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
${metrics}
run: { preflight: 0, bootstrap: 100 }
`;
}

async function reasons(dir: string): Promise<string[]> {
  const result = await runCommand(planCommand, ['evalc.yaml', '--json'], { cwd: dir });
  const json = JSON.parse(result.stdout) as { rows: { kind: string; target: string; reason: string }[] };
  return json.rows.filter((r) => r.kind !== 'aggregate').map((r) => `${r.target}: ${r.reason}`);
}

async function servers() {
  const agent = await startRaipAgent();
  const judge = await startOpenaiJudgeServer();
  cleanups.push(
    () => agent.close(),
    () => judge.close(),
  );
  return { agent, judge };
}

/** Applies the plan with judge settings `own`; the function it returns plans with `next` instead. */
function applier(agentUrl: string, judgeUrl: string) {
  return async (own: string, metrics = QUALITY) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa157-own-rubric-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(path.join(dir, 'evalc.yaml'), planText(agentUrl, judgeUrl, own, metrics));
    const outcome = await applyInProcess(dir);
    if (outcome.status !== 'done') throw new Error(`apply ${outcome.status}`);
    return async (next: string) => {
      writeFileSync(path.join(dir, 'evalc.yaml'), planText(agentUrl, judgeUrl, next, metrics));
      return reasons(dir);
    };
  };
}

describe("plan names a change of a judge's own rubric setting (QA157)", () => {
  it('set, replaced or removed beside a metric that names its own rubric', async () => {
    const { agent, judge } = await servers();
    const applied = await applier(agent.url, judge.url);

    const without = await applied('');
    expect(await without(', rubric: r2')).toEqual([
      "qa157/t1[a1]/quality: because judge llm's rubric changed (none → r2)",
    ]);
    expect(await without(', rubric: r1')).toEqual([
      "qa157/t1[a1]/quality: because judge llm's rubric changed (none → r1)",
    ]);
    const withR2 = await applied(', rubric: r2');
    expect(await withR2('')).toEqual([
      "qa157/t1[a1]/quality: because judge llm's rubric changed (r2 → none)",
    ]);
    expect(await withR2(', rubric: r1')).toEqual([
      "qa157/t1[a1]/quality: because judge llm's rubric changed (r2 → r1)",
    ]);
  });

  it('a temperature edit beside tags of two rubrics, and beside none of the own rubric', async () => {
    const { agent, judge } = await servers();
    const applied = applier(agent.url, judge.url);
    // quality2 is judged against the judge's own r2: the lock has tags of r1 and r2, and r2's is
    // still the rubric's (the whole of rubricVersion was compared with it: "rubric r2 changed")
    const both = await applied(', rubric: r2', `${QUALITY}\n${INHERITS}`);
    const settings =
      "because judge llm's settings changed (judges.llm: not its endpoint, model or rubric; e.g. temperature)";
    expect(await both(', rubric: r2, temperature: 0.3')).toEqual([
      `qa157/t1[a1]/quality: ${settings}`,
      `qa157/t1[a1]/quality2: ${settings}`,
    ]);
    // no metric uses r2: the lock holds no version of it, so it cannot tell rubrics.r2 from a setting
    const unused = await applied(', rubric: r2');
    expect(await unused(', rubric: r2, temperature: 0.3')).toEqual([
      'qa157/t1[a1]/quality: because judge llm changed (judges.llm, e.g. temperature, or its rubric r2, which none of its metrics used, so evalc.lock holds no version of it)',
    ]);
  });
});
