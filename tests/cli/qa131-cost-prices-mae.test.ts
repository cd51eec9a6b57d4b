/**
 * QA131: `{ type: cost }` in a plan whose task runs only `mae` agents warned EVALC_METRIC_PRICES,
 * "every example's cost would be a metric_error (no price)", with the hint to add `prices:` keyed
 * by the model the agent reports. A mae agent reports no token usage (the seed API has none), so
 * its cost is not measured — no score, no value, no error (cost version 6, QA112, as the README
 * says) — whatever `prices:` holds: the warning said what does not happen, and its advice could
 * not be followed. No warning for such a task now; one that also runs an agent that reports usage
 * still warns. The apply below is the real binary against a real stdio mae agent.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa131-cost-mae-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const AGENT = `
const readline = require('node:readline');
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const req = JSON.parse(line);
  const reply = { action: 'final_answer', content: 'done' };
  process.stdout.write(JSON.stringify(req.jsonrpc ? { jsonrpc: '2.0', id: req.id, result: reply } : reply) + '\\n');
});
`;

const MAE = 'm: { protocol: mae, transport: local, command: "node agent.cjs" }';
const OPENAI = 'o: { protocol: openai, url: "http://127.0.0.1:9/v1", model: gpt-4o }';

function writePlan(agents: string[], metric: string): void {
  writeFileSync(path.join(work, 'agent.cjs'), AGENT);
  writeFileSync(
    path.join(work, 'evalc.yaml'),
    [
      'evalc: 1',
      'benchmark: { id: b }',
      'agents:',
      ...agents.map((a) => `  ${a}`),
      'tasks:',
      '  t:',
      '    bindings:',
      '      default: { input: "{{q}}", output: { answer: final_answer } }',
      ...(agents.includes(OPENAI) ? ['      o: { input: "{{q}}", output: { answer: content } }'] : []),
      '    datasets: { d: { examples: [ { id: e1, vars: { q: hi } }, { id: e2, vars: { q: ho } } ] } }',
      `    metrics: [ ${metric} ]`,
      '',
    ].join('\n'),
  );
}

function pricesWarnings(): string[] {
  const r = spawnCli(['validate', '--json'], { cwd: work });
  expect(r.code).toBe(0);
  return (JSON.parse(r.stdout) as { diagnostics: { code: string; message: string }[] }).diagnostics
    .filter((d) => d.code === 'EVALC_METRIC_PRICES')
    .map((d) => d.message);
}

describe('cost in a task run by mae agents only', () => {
  it('is not warned of a metric_error it never has, and apply records none', () => {
    for (const metric of ['{ type: cost }', '{ type: cost, model: gpt-4o }']) {
      writePlan([MAE], metric);
      expect(pricesWarnings()).toEqual([]);
    }
    writePlan([MAE], '{ type: cost }');
    const apply = spawnCli(['apply', '--json', '--quiet'], { cwd: work });
    expect(apply.code).toBe(0);
    expect(apply.stdout).toContain('"errors":0');
    const report = readFileSync(path.join(work, '.evalc', 'reports', 'report.json'), 'utf8');
    expect(report).not.toContain('metric_error');
  });

  it('beside an agent that reports usage, still warned', () => {
    writePlan([MAE, OPENAI], '{ type: cost }');
    expect(pricesWarnings()).toEqual([expect.stringContaining('this plan has none')]);
  });
});
