/**
 * Regression (QA138, leftover of QA131): EVALC_METRIC_PRICES in a task run by a `mae` agent and
 * an agent that reports usage said "every example's cost would be a metric_error (no price)",
 * but the mae agent reports no usage and its cost is never a metric_error (cost v6): the warning
 * now names the agents whose examples it means, and the mae ones it does not. A task with no mae
 * agent reads as before. Real binary (validate --json).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa138-cost-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function pricesWarnings(agents: string[], extra: string[] = []): string[] {
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
      '      default: { input: "{{q}}", output: { answer: content } }',
      '    datasets: { d: { examples: [ { id: e1, vars: { q: hi } } ] } }',
      '    metrics: [ { type: cost, model: gpt-4o } ]',
      ...extra,
      '',
    ].join('\n'),
  );
  const r = spawnCli(['validate', '--json'], { cwd: work });
  expect(r.code).toBe(0);
  return (JSON.parse(r.stdout) as { diagnostics: { code: string; message: string }[] }).diagnostics
    .filter((d) => d.code === 'EVALC_METRIC_PRICES')
    .map((d) => d.message);
}

const MAE = 'm: { protocol: mae, transport: local, command: "node agent.cjs" }';
const OPENAI = 'o: { protocol: openai, url: "http://127.0.0.1:9/v1", model: gpt-4o }';
const OTHER = 'p: { protocol: openai, url: "http://127.0.0.1:9/v1", model: gpt-4o }';

describe('the cost warning beside a mae agent names whose examples it means (QA138)', () => {
  it('one openai and one mae agent, no prices: and a model prices: lacks', () => {
    const said =
      'the cost of every example of agent `o` with token usage would be a metric_error (no price; `mae` agent `m` reports no usage: its cost is not measured)';
    expect(pricesWarnings([MAE, OPENAI])).toEqual([expect.stringMatching(/this plan has none: /)]);
    expect(pricesWarnings([MAE, OPENAI])[0]).toContain(said);
    expect(pricesWarnings([MAE, OPENAI], ['prices: { gpt-4: { input: 1, output: 2 } }'])[0]).toContain(
      `(it lists gpt-4): ${said}`,
    );
  });

  it('two measured agents are both named; without a mae agent the words are unchanged', () => {
    expect(pricesWarnings([MAE, OPENAI, OTHER])[0]).toContain(
      'the cost of every example of agents `o`, `p` with token usage would be a metric_error (no price; `mae` agent `m`',
    );
    expect(pricesWarnings([OPENAI, OTHER])[0]).toMatch(
      /this plan has none: the cost of every example with token usage would be a metric_error \(no price\)$/,
    );
  });
});
