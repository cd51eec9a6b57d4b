/**
 * `plan` names what changed of a judge whose rubric is pinned in evalc.lock. Since 61bd5f9 the lock
 * pins a judge's `rubric` as the rubric(s) its metrics used, where an older evalc pinned the judge's
 * own `rubric:` setting:
 * - QA149: `plan` still compared the pin with that setting, so DESIGN §2's `llm` judge (no rubric of
 *   its own, its metric naming one) read a temperature edit as "because judge llm's rubric changed
 *   (r1 → none)". A pin of either form that still holds is not a change.
 * - QA157: a change of the judge's own rubric setting could no longer be named: `rubric: r2` set on
 *   `llm` read "because judge llm's rubric r2 changed (rubrics.r2)", rubrics.r2 untouched.
 * - QA164: an own rubric that is an evalc built-in (`generic`) was looked for among the plan's
 *   rubrics and the lock's pins only, so `generic → r2` read "because judge llm changed (…, or its
 *   rubric r2, which none of its metrics used …)".
 * Each case applies in process against a real RAIP agent and OpenAI-compatible judge on loopback
 * (shared by the cases, each in a folder of its own), then runs `plan --json` in process.
 * (QA149's, QA157's and QA164's three files, one set-up: QA170.)
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { planCommand } from '../../src/cli/plan.js';
import { type FakeOpenaiJudge, startOpenaiJudgeServer } from '../fixtures/openai-judge-server.js';
import { type RaipAgent, startRaipAgent } from '../fixtures/raip-agent.js';
import { applyInProcess } from '../protocols/apply-in-process.js';
import { runCommand } from './run-cli.js';

let agent: RaipAgent;
let judge: FakeOpenaiJudge;
beforeAll(async () => {
  agent = await startRaipAgent();
  judge = await startOpenaiJudgeServer();
});
afterAll(async () => {
  await agent.close();
  await judge.close();
});
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const QUALITY =
  '      - { id: quality, type: judge, judge: llm, rubric: r1, content: "relevance=0.8 {{candidate.answer}}" }';
/** A second metric judged against the judge's own rubric (it names none). */
const INHERITS =
  '      - { id: quality2, type: judge, judge: llm, content: "relevance=0.8 {{candidate.answer}}" }';
const BOTH = `${QUALITY}\n${INHERITS}`;
const R2 = '  r2:\n    dimensions: [{ id: relevance, description: "Closely on topic" }]\n';
const SETTINGS =
  "because judge llm's settings changed (judges.llm: not its endpoint, model or rubric; e.g. temperature)";

/** The plan with the judge's settings after its model (`own`) and the task's `metrics`. */
function planText(own: string, metrics = QUALITY): string {
  return `evalc: 1
benchmark: { id: rubric }
agents:
  a1: { protocol: raip, url: "${agent.url}", limits: { retries: 0 } }
judges:
  llm: { protocol: openai, url: "${judge.url}", model: m1${own} }
rubrics:
  r1:
    dimensions: [{ id: relevance, description: "On topic" }]
${R2}tasks:
  t1:
    bindings: { default: { input: { query: "{{query}}" }, output: { answer: output.answer } } }
    datasets: { d1: { examples: [ { id: s1, vars: { query: "intro ML" } } ] } }
    metrics:
${metrics}
run: { preflight: 0, bootstrap: 100 }
`;
}

/** Applies planText(own, metrics) in a folder of its own; `plan(text)` writes `text` there and says plan's reasons. */
async function applied(own: string, metrics = QUALITY) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-judge-rubric-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'evalc.yaml'), planText(own, metrics));
  const outcome = await applyInProcess(dir);
  if (outcome.status !== 'done') throw new Error(`apply ${outcome.status}`);
  return {
    dir,
    async plan(text: string): Promise<string[]> {
      writeFileSync(path.join(dir, 'evalc.yaml'), text);
      const result = await runCommand(planCommand, ['evalc.yaml', '--json'], { cwd: dir });
      const json = JSON.parse(result.stdout) as { rows: { kind: string; target: string; reason: string }[] };
      return json.rows.filter((r) => r.kind !== 'aggregate').map((r) => `${r.target}: ${r.reason}`);
    },
  };
}

describe("plan reads the lock's judge rubric as the rubrics its metrics used (QA149)", () => {
  it('a judge without a rubric of its own, its metric naming one: a temperature edit is no rubric change', async () => {
    const run = await applied(', temperature: 0');
    expect(JSON.parse(readFileSync(path.join(run.dir, 'evalc.lock'), 'utf8')).judges.llm.rubric).toBe('r1');
    // QA164: the judge has no rubric of its own, so what changed is a setting (it read "because
    // judge llm changed", though README names DESIGN §2's temperature edit as below)
    expect(await run.plan(planText(', temperature: 0.3'))).toEqual([`rubric/t1[a1]/quality: ${SETTINGS}`]);
    // QA157: a metric added with another rubric beside the edit is no rubric change of the metric
    // whose rubric r1 stayed (it read "because judge llm's rubric changed (r1 → none)").
    const withR2 = QUALITY.replace('id: quality,', 'id: quality2,').replace('rubric: r1', 'rubric: r2');
    expect(await run.plan(planText(', temperature: 0.3', `${QUALITY}\n${withR2}`))).toEqual([
      `rubric/t1[a1]/quality: ${SETTINGS}`,
      'rubric/t1[a1]/quality2: new metric',
    ]);
    // QA168: a lock whose judge records no endpoint (an older lock's) cannot tell what changed; plan
    // stopped on a TypeError (d0cbfcb read the url the lock did not have)
    const file = path.join(run.dir, 'evalc.lock');
    const lock = JSON.parse(readFileSync(file, 'utf8')) as { judges: { llm: { endpoint?: string } } };
    delete lock.judges.llm.endpoint;
    writeFileSync(file, JSON.stringify(lock, null, 2));
    expect(await run.plan(planText(', temperature: 0.3'))).toEqual([
      'rubric/t1[a1]/quality: because judge llm changed',
    ]);
  });
});

describe("plan names a change of a judge's own rubric setting (QA157)", () => {
  it('set, replaced or removed beside a metric that names its own rubric', async () => {
    const without = await applied('');
    expect(await without.plan(planText(', rubric: r2'))).toEqual([
      "rubric/t1[a1]/quality: because judge llm's rubric changed (none → r2)",
    ]);
    expect(await without.plan(planText(', rubric: r1'))).toEqual([
      "rubric/t1[a1]/quality: because judge llm's rubric changed (none → r1)",
    ]);
    const withR2 = await applied(', rubric: r2');
    expect(await withR2.plan(planText(''))).toEqual([
      "rubric/t1[a1]/quality: because judge llm's rubric changed (r2 → none)",
    ]);
    expect(await withR2.plan(planText(', rubric: r1'))).toEqual([
      "rubric/t1[a1]/quality: because judge llm's rubric changed (r2 → r1)",
    ]);
  });

  it('a temperature edit beside tags of two rubrics, and beside none of the own rubric', async () => {
    // quality2 is judged against the judge's own r2: the lock has tags of r1 and r2, and r2's is
    // still the rubric's (the whole of rubricVersion was compared with it: "rubric r2 changed")
    const both = await applied(', rubric: r2', BOTH);
    expect(await both.plan(planText(', rubric: r2, temperature: 0.3', BOTH))).toEqual([
      `rubric/t1[a1]/quality: ${SETTINGS}`,
      `rubric/t1[a1]/quality2: ${SETTINGS}`,
    ]);
    // no metric uses r2: the lock holds no version of it, so it cannot tell rubrics.r2 from a setting
    const unused = await applied(', rubric: r2');
    expect(await unused.plan(planText(', rubric: r2, temperature: 0.3'))).toEqual([
      'rubric/t1[a1]/quality: because judge llm changed (judges.llm, e.g. temperature, or its rubric r2, which none of its metrics used, so evalc.lock holds no version of it)',
    ]);
  });
});

describe('plan names an edit of a judge whose own rubric is a built-in (QA164)', () => {
  it('generic replaced or removed, and a temperature edit beside it', async () => {
    const run = await applied(', rubric: generic');
    expect(await run.plan(planText(', rubric: r2'))).toEqual([
      "rubric/t1[a1]/quality: because judge llm's rubric changed (generic → r2)",
    ]);
    expect(await run.plan(planText(''))).toEqual([
      "rubric/t1[a1]/quality: because judge llm's rubric changed (generic → none)",
    ]);
    expect(await run.plan(planText(', rubric: generic, temperature: 0.3'))).toEqual([
      `rubric/t1[a1]/quality: ${SETTINGS}`,
    ]);
  });

  it("a rubric renamed with the judge's own rubric setting", async () => {
    // quality2 is judged against the judge's own rubric r2: the lock pins r1 | r2
    const run = await applied(', rubric: r2', BOTH);
    // r2 renamed r9, the same definition: it read "rubric changed (r1 | r2 → r9)" and "judge llm
    // changed (… or its rubric r9, which none of its metrics used …)"
    expect(await run.plan(planText(', rubric: r9', BOTH).replace('  r2:', '  r9:'))).toEqual([
      "rubric/t1[a1]/quality: because judge llm's rubric changed (r2 → r9)",
      "rubric/t1[a1]/quality2: because judge llm's rubric changed (r2 → r9)",
    ]);
  });

  it("a rubric deleted and the judge's own rubric pointed at another", async () => {
    const run = await applied(', rubric: r2', BOTH);
    const withoutR2 = (own: string) => planText(own, BOTH).replace(R2, '');
    // r2 deleted, the judge on r1: quality read "settings changed (… not its endpoint, model or
    // rubric …)", though its rubric: setting changed
    const gone =
      'because judge llm changed (judges.llm: its rubric: setting or another, e.g. temperature; rubric r2, which its metrics used, is no longer in the plan)';
    expect(await run.plan(withoutR2(', rubric: r1'))).toEqual([
      `rubric/t1[a1]/quality: ${gone}`,
      `rubric/t1[a1]/quality2: ${gone}`,
    ]);
    // r2 deleted, the judge on the built-in generic: quality2 read "rubric changed (r1 | r2 → generic)",
    // the lock's pins for its metrics shown as a former own rubric
    expect(await run.plan(withoutR2(', rubric: generic'))).toEqual([
      `rubric/t1[a1]/quality: ${gone}`,
      "rubric/t1[a1]/quality2: because judge llm's rubrics changed (evalc.lock pins r1 | r2 for its metrics; this one is now judged against generic)",
    ]);
  });
});
