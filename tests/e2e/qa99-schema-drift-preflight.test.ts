/**
 * QA99 (review of 8e68e3d): report.md counted the examples a failed preflight held back
 * (`preflight_failed`, never sent) as answered, so an agent that refused every input with 400
 * ajvErrors — flagged by apply, "5 of 5" — was 5 of 60 in report.md, under the 10% share, and
 * the PR comment said nothing of the schema drift stderr named. report.md counts what apply
 * counts: the inputs sent. Against the real loopback RAIP agent of apply-schema-drift.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type CountingAgent, startCountingAgent } from '../fixtures/apply-counting-agent.mjs';
import { countingExamples, runCli, tempWorkspace, writeDataset, writePlan } from './apply-harness.js';

const agents: CountingAgent[] = [];
const cleanups: (() => void)[] = [];
afterAll(async () => {
  for (const a of agents) await a.close();
  for (const c of cleanups) c();
});

describe('schema drift after a failed preflight (QA99)', () => {
  it('is said in report.md with the numbers apply printed (the held-back examples were not answered)', async () => {
    const agent = await startCountingAgent({ faults: { seed: 1, rates: { '400': 1 } } });
    agents.push(agent);
    const ws = tempWorkspace('qa99-drift-preflight');
    cleanups.push(ws.cleanup);
    writeDataset(ws.dir, 'd1.jsonl', countingExamples(60, 'pf'));
    writePlan(ws.dir, {
      agentUrl: agent.url,
      metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' }],
    });
    const run = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: ws.dir });
    const result = run.stdout
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((e) => e.event === 'result');
    // The preflight's 5 examples were sent and refused; the other 55 were held back.
    expect(result?.schemaDrift).toEqual([{ agent: 'a1', refused: 5, answered: 5 }]);
    const line =
      '- **Schema drift**: agent a1: 5 of 5 inputs that fit its /info input schema were refused with 400 ajvErrors';
    const reportMd = readFileSync(path.join(ws.dir, '.evalc/reports/report.md'), 'utf8');
    expect(reportMd).toContain(line);
    const rerendered = await runCli(['report', '--format', 'md'], { cwd: ws.dir });
    expect(rerendered.stdout).toContain(line);
  });
});
