/**
 * QA123 (reported by QA117): an apply that ran nothing (evalc.lock up to date: plain, --frozen,
 * --locked) gave a `--json` result without `schemaDrift`, and no warning on stderr, where the apply
 * that wrote the lock flagged the agent and `evalc report` still said it. The lock's count
 * (`volatile.*.schemaRefusals`) and its result rows give the same figures; a few refusals under
 * the threshold still say nothing. Against the real loopback RAIP agent of apply-schema-drift.
 */
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

type Drift = { agent: string; refused: number; answered: number };

function resultOf(stdout: string): Record<string, unknown> | undefined {
  return stdout
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .find((e) => e.event === 'result');
}

async function workspace(faults: FaultOptions, prefix: string, n: number) {
  const agent = await startCountingAgent({ faults });
  agents.push(agent);
  const ws = tempWorkspace(`qa123-drift-${prefix}`);
  cleanups.push(ws.cleanup);
  writeDataset(ws.dir, 'd1.jsonl', countingExamples(n, prefix));
  writePlan(ws.dir, {
    agentUrl: agent.url,
    metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' }],
  });
  const first = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: ws.dir });
  return { ws, first: resultOf(first.stdout) };
}

describe('schema drift on an up-to-date apply (QA123)', () => {
  it("is in --json and on stderr, with the apply's numbers", async () => {
    const { ws, first } = await workspace({ seed: 3, rates: { '400': 0.3 } }, 'hi', 30);
    const flagged = first?.schemaDrift as Drift[] | undefined;
    expect(flagged?.[0]?.refused).toBeGreaterThan(3);
    for (const flags of [[], ['--frozen'], ['--locked']]) {
      const again = await runCli(['apply', 'evalc.yaml', '--json', ...flags], { cwd: ws.dir });
      const result = resultOf(again.stdout);
      expect(result?.upToDate, flags.join(' ')).toBe(true);
      expect(result?.schemaDrift, flags.join(' ')).toEqual(flagged);
    }
    const text = await runCli(['apply', 'evalc.yaml', '--frozen'], { cwd: ws.dir });
    expect(text.code).toBe(0);
    expect(text.stderr).toContain(
      `warning: agent a1: ${flagged?.[0]?.refused} of 30 inputs that fit its /info input schema were refused`,
    );
  });

  it('is not said for a few refusals (under 10%)', async () => {
    const { ws, first } = await workspace({ seed: 3, rates: { '400': 0.05 } }, 'lo', 40);
    expect(first?.schemaDrift).toBeUndefined();
    const again = await runCli(['apply', 'evalc.yaml', '--frozen', '--json'], { cwd: ws.dir });
    expect(resultOf(again.stdout)?.upToDate).toBe(true);
    expect(resultOf(again.stdout)?.schemaDrift).toBeUndefined();
    const text = await runCli(['apply', 'evalc.yaml', '--frozen'], { cwd: ws.dir });
    expect(text.stderr).not.toContain('schema drift');
  });
});
