/**
 * QA42: with more than 20 failing gates apply's stderr said "every one is in report.md,
 * report.json and junit.xml", but report.md keeps to a PR comment's 65,000 characters and cuts
 * its failing gates ("… N more gates not shown"): 400 failing gates left 278 out of it. The line
 * now names the files that do hold every one.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCommand } from '../../src/cli/apply.js';
import { writeFiles } from '../compiler/plan-helpers.js';
import type { Loopback } from '../fixtures/loopback.js';
import { startRepeatRaipAgent } from '../fixtures/qa8-repeat-raip-agent.js';
import { runCommand } from './run-cli.js';

let agent: Loopback;
beforeAll(async () => {
  agent = await startRepeatRaipAgent({ '1': { q0: ['a-q0'] } });
});
afterAll(async () => {
  await agent.close();
});

const GATES = 400;
const plan = (url: string) => `evalc: 1
benchmark: { id: gates, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: "${url}" }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}", v: "1" }, output: { answer: "output.answer" } } }
    datasets:
      ${'d'.repeat(200)}: { examples: [ { id: e0, vars: { q: q0 }, expected: { answer: a-q0 } }, { id: e1, vars: { q: q1 }, expected: { answer: a-q1 } } ] }
    metrics:
      - { type: exact_match }
gates:
${Array.from({ length: GATES }, (_, i) => `  - { metric: exact_match, scope: dataset, min: 0.9${i} }`).join('\n')}
`;

describe('apply with more failing gates than report.md holds', () => {
  it('names only the reports that list every one', async () => {
    const dir = writeFiles({ 'evalc.yaml': plan(agent.url) }, 'evalc-qa42-gates-');
    const result = await runCommand(applyCommand, ['evalc.yaml', '--quiet'], { cwd: dir });
    expect(result.code).toBe(1);
    const said = /… and (\d+) more failing gates \(every one is in ([^)]*)\)/.exec(result.stderr);
    expect(said?.[1]).toBe(String(GATES - 20));
    const reports = path.join(dir, '.evalc', 'reports');
    const md = readFileSync(path.join(reports, 'report.md'), 'utf8');
    expect(md).toMatch(/more gates not shown/);
    // The files it says hold every one: report.md is not among them.
    expect(said?.[2]?.split(';')[0]).toBe('report.json and junit.xml');
    const json = JSON.parse(readFileSync(path.join(reports, 'report.json'), 'utf8'));
    expect(json.gates.filter((g: { passed: boolean }) => !g.passed)).toHaveLength(GATES);
  });
});
