/**
 * QA149: since 61bd5f9 evalc.lock pins a judge's `rubric` as the rubric(s) its metrics used, where
 * an older evalc pinned the judge's own `rubric:` setting; `plan` still compared the pin with that
 * setting. DESIGN §2's `llm` judge has no `rubric:` of its own (its metric names one), so a
 * temperature edit read "because judge llm's rubric changed (r1 → none)", and a judge whose own
 * rubric differs from a metric's read its rubric edit as a rubric rename (qa41's golden failed).
 * A pin of either form that still holds is not a change. Apply in process against a real RAIP
 * agent and OpenAI-compatible judge on loopback, then `plan --json` in process.
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
benchmark: { id: qa149 }
agents:
  a1: { protocol: raip, url: "${agentUrl}", limits: { retries: 0 } }
judges:
  llm: { protocol: openai, url: "${judgeUrl}", model: m1, temperature: 0 }
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

describe("plan reads the lock's judge rubric as the rubrics its metrics used (QA149)", () => {
  it('a judge without a rubric of its own, its metric naming one: a temperature edit is no rubric change', async () => {
    const agent = await startRaipAgent();
    const judge = await startOpenaiJudgeServer();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa149-judge-rubric-'));
    cleanups.push(
      () => rmSync(dir, { recursive: true, force: true }),
      () => agent.close(),
      () => judge.close(),
    );
    const file = path.join(dir, 'evalc.yaml');
    writeFileSync(file, planText(agent.url, judge.url));
    const applied = await applyInProcess(dir);
    if (applied.status !== 'done') throw new Error(`apply ${applied.status}`);
    expect(JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')).judges.llm.rubric).toBe('r1');

    writeFileSync(file, planText(agent.url, judge.url).replace('temperature: 0 }', 'temperature: 0.3 }'));
    // QA164: the judge has no rubric of its own, so what changed is a setting (it read "because
    // judge llm changed", though README names DESIGN §2's temperature edit as below)
    const SETTINGS =
      "qa149/t1[a1]/quality: because judge llm's settings changed (judges.llm: not its endpoint, model or rubric; e.g. temperature)";
    expect(await reasons(dir)).toEqual([SETTINGS]);

    // QA157: a metric added with another rubric beside the edit is no rubric change of the metric
    // whose rubric r1 stayed (it read "because judge llm's rubric changed (r1 → none)").
    writeFileSync(
      file,
      planText(agent.url, judge.url)
        .replace('temperature: 0 }', 'temperature: 0.3 }')
        .replace(
          'run:',
          '      - { id: quality2, type: judge, judge: llm, rubric: r2, content: "relevance=0.8 {{candidate.answer}}" }\nrun:',
        ),
    );
    expect(await reasons(dir)).toEqual([SETTINGS, 'qa149/t1[a1]/quality2: new metric']);
  });
});
