/**
 * QA130 (review of 277e59f): an up-to-date `apply --json` (plain, --frozen, --locked) gave the
 * lock's `schemaDrift` in its result but not the `message` event the apply that wrote the lock
 * streamed before its result (`evalc: warning: agent a1: N of M inputs … (schema drift, RAIP R8)`),
 * so a wrapper reading `message` events saw the drift once and then never again. Against the real
 * loopback RAIP agent of apply-schema-drift.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { type CountingAgent, startCountingAgent } from '../fixtures/apply-counting-agent.mjs';
import { countingExamples, runCli, tempWorkspace, writeDataset, writePlan } from './apply-harness.js';

const agents: CountingAgent[] = [];
const cleanups: (() => void)[] = [];
afterAll(async () => {
  for (const a of agents) await a.close();
  for (const c of cleanups) c();
});

function events(stdout: string): Record<string, unknown>[] {
  return stdout
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

const driftMessages = (stdout: string) =>
  events(stdout)
    .filter((e) => e.event === 'message' && String(e.text).includes('schema drift'))
    .map((e) => e.text);

describe('schema drift message event on an up-to-date apply --json (QA130)', () => {
  it('is streamed before the result as the apply that wrote the lock did', async () => {
    const agent = await startCountingAgent({ faults: { seed: 3, rates: { '400': 0.3 } } });
    agents.push(agent);
    const ws = tempWorkspace('qa130-drift-msg');
    cleanups.push(ws.cleanup);
    writeDataset(ws.dir, 'd1.jsonl', countingExamples(30, 'hi'));
    writePlan(ws.dir, {
      agentUrl: agent.url,
      metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' }],
    });
    const first = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: ws.dir });
    const said = driftMessages(first.stdout);
    expect(said).toHaveLength(1);
    for (const flags of [[], ['--frozen'], ['--locked']]) {
      const again = await runCli(['apply', 'evalc.yaml', '--json', ...flags], { cwd: ws.dir });
      const all = events(again.stdout);
      expect(all.at(-1)?.upToDate, flags.join(' ')).toBe(true);
      expect(driftMessages(again.stdout), flags.join(' ')).toEqual(said);
      expect(all.at(-1)?.event).toBe('result');
      expect(again.stderr).not.toContain('schema drift');
    }
    // Text mode says it once, on stderr (277e59f), not twice.
    const text = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir });
    expect(text.stderr.split('schema drift').length - 1).toBe(1);
  });
});
