/**
 * A plan with a gate per task and agent (QA10: 2,000 gates, 588 failing) printed one stderr line
 * per failing gate. apply now prints the first 20 and counts the rest.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCommand } from '../../src/cli/apply.js';
import { writeFiles } from '../compiler/plan-helpers.js';
import type { Loopback } from '../fixtures/loopback.js';
import { startRepeatRaipAgent } from '../fixtures/qa8-repeat-raip-agent.js';
import { runCommand } from './run-cli.js';

let agent: Loopback;
beforeAll(async () => {
  // Answers q0 right only: every gate below (min 0.9) fails.
  agent = await startRepeatRaipAgent({ '1': { q0: ['a-q0'] } });
});
afterAll(async () => {
  await agent.close();
});

function plan(gates: number): string {
  const lines = Array.from(
    { length: gates },
    (_, i) => `  - { metric: exact_match, scope: benchmark, min: 0.9${i} }`,
  );
  return `evalc: 1
benchmark: { id: gates, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: "${agent.url}" }
tasks:
  t:
    bindings:
      default:
        input: { q: "{{q}}", v: "1" }
        output: { answer: "output.answer" }
    datasets:
      d: { examples: [ { id: e0, vars: { q: q0 }, expected: { answer: a-q0 } }, { id: e1, vars: { q: q1 }, expected: { answer: a-q1 } } ] }
    metrics:
      - { type: exact_match }
gates:
${lines.join('\n')}
`;
}

describe('apply with many failing gates', () => {
  it('prints the first 20 failing gates and counts the other 25', async () => {
    const dir = writeFiles({ 'evalc.yaml': plan(45) }, 'evalc-qa10-gates-');
    const result = await runCommand(applyCommand, ['evalc.yaml', '--quiet'], { cwd: dir });
    expect(result.code).toBe(1);
    const lines = result.stderr.split('\n').filter((l) => l.startsWith('gate failed: '));
    expect(lines).toHaveLength(20);
    expect(lines[0]).toMatch(/^gate failed: exact_match = 0.500 at benchmark for a1; required ≥ 0.9/);
    expect(result.stderr).toContain(
      '… and 25 more failing gates (every one is in report.json and junit.xml; report.md lists what fits)',
    );
  });

  it('prints every failing gate when there are 20 or fewer', async () => {
    const dir = writeFiles({ 'evalc.yaml': plan(3) }, 'evalc-qa10-gates-');
    const result = await runCommand(applyCommand, ['evalc.yaml', '--quiet'], { cwd: dir });
    expect(result.stderr.split('\n').filter((l) => l.startsWith('gate failed: '))).toHaveLength(3);
    expect(result.stderr).not.toContain('more failing gates');
  });
});
