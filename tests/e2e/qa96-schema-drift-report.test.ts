/**
 * RAIP R8's schema-drift flag reached stderr, run.log and `--json` only: report.md — the PR
 * comment a reviewer reads — listed the agent's 400s as `contract_error` rows and never said
 * "schema drift" (QA96). The Errors section now says it above its table, with the numbers apply
 * printed, in the report apply writes and in the one `evalc report` re-renders; a few refusals
 * under the threshold say nothing.
 *
 * QA99 (review of 8e68e3d): report.md counted the examples a failed preflight held back
 * (`preflight_failed`, never sent) as answered, so an agent that refused every input with 400
 * ajvErrors — flagged by apply, "5 of 5" — was 5 of 60 in report.md, under the 10% share, and
 * the PR comment said nothing of the schema drift stderr named. report.md counts what apply
 * counts: the inputs sent.
 *
 * Against the real loopback RAIP agent of apply-schema-drift.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type CountingAgent,
  type FaultOptions,
  startCountingAgent,
} from '../fixtures/apply-counting-agent.mjs';
import { countingExamples, runCli, tempWorkspace, writeDataset, writePlan } from './apply-harness.js';

const agents: CountingAgent[] = [];
const cleanups: (() => void)[] = [];
afterAll(async () => {
  for (const a of agents) await a.close();
  for (const c of cleanups) c();
});

async function applyWith(faults: FaultOptions, prefix: string, n: number) {
  const agent = await startCountingAgent({ faults });
  agents.push(agent);
  const ws = tempWorkspace(`qa96-drift-${prefix}`);
  cleanups.push(ws.cleanup);
  writeDataset(ws.dir, 'd1.jsonl', countingExamples(n, prefix));
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
  const reportMd = readFileSync(path.join(ws.dir, '.evalc/reports/report.md'), 'utf8');
  const rerendered = await runCli(['report', '--format', 'md'], { cwd: ws.dir });
  return { run, result, reportMd, rerendered };
}

describe('schema drift in report.md (RAIP R8, QA96)', () => {
  it("is said above the Errors table, with apply's numbers, and again by evalc report", async () => {
    const { run, result, reportMd, rerendered } = await applyWith(
      { seed: 3, rates: { '400': 0.3 } },
      'hi',
      30,
    );
    expect(run.code).toBe(0);
    const [drift] = (result?.schemaDrift ?? []) as { agent: string; refused: number; answered: number }[];
    expect(drift?.refused).toBeGreaterThan(3);
    const line =
      `- **Schema drift**: agent a1: ${drift?.refused} of 30 inputs that fit its /info input schema were refused ` +
      'with 400 ajvErrors: the schema it validates against differs from the one it publishes \\(schema drift, RAIP R8\\).';
    expect(reportMd).toContain(line);
    expect(reportMd.indexOf(line)).toBeGreaterThan(reportMd.indexOf('### ⚠️ Errors'));
    expect(reportMd.indexOf(line)).toBeLessThan(reportMd.indexOf('| kind | step |'));
    expect(rerendered.code).toBe(0);
    expect(rerendered.stdout).toContain(line);
  });

  it('is not said for a few refusals (3 of 40, under 10%)', async () => {
    const { result, reportMd } = await applyWith({ seed: 3, rates: { '400': 0.05 } }, 'lo', 40);
    expect(result?.schemaDrift).toBeUndefined();
    expect(reportMd).toContain('`contract_error`');
    expect(reportMd).not.toContain('Schema drift');
  });
});

describe('schema drift after a failed preflight (QA99)', () => {
  it('is said in report.md with the numbers apply printed (the held-back examples were not answered)', async () => {
    const { result, reportMd, rerendered } = await applyWith({ seed: 1, rates: { '400': 1 } }, 'pf', 60);
    // The preflight's 5 examples were sent and refused; the other 55 were held back.
    expect(result?.schemaDrift).toEqual([{ agent: 'a1', refused: 5, answered: 5 }]);
    const line =
      '- **Schema drift**: agent a1: 5 of 5 inputs that fit its /info input schema were refused with 400 ajvErrors';
    expect(reportMd).toContain(line);
    expect(rerendered.stdout).toContain(line);
  });
});
