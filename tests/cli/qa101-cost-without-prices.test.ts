/**
 * DESIGN §4 lists `cost` and never names `prices:`: a plan written from it has `{ type: cost }`
 * and no prices, validated without a word, and every example's cost was a metric_error after the
 * agents ran. validate warns at the metric (EVALC_METRIC_PRICES), once, naming what to add (QA101).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa101-cost-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Diag {
  code: string;
  severity: string;
  message: string;
  hint?: string;
  source?: { line: number };
}

function validate(name: string, tail: string[]): { code: number; prices: Diag[] } {
  const file = path.join(work, name);
  const task = (id: string) => [
    `  ${id}:`,
    '    bindings: { default: { input: "{{q}}", output: { answer: "messages[-1].content" } } }',
    '    datasets: { d: { examples: [ { id: e1, vars: { q: hi } } ] } }',
  ];
  writeFileSync(
    file,
    [
      'evalc: 1',
      'benchmark: { id: b }',
      'agents:',
      '  c: { protocol: chat, url: "http://127.0.0.1:9/agent/respond" }',
      'tasks:',
      ...task('t1'),
      ...task('t2'),
      ...tail,
      '',
    ].join('\n'),
  );
  const result = spawnCli(['validate', '--json', file], { cwd: work });
  const diagnostics = (JSON.parse(result.stdout) as { diagnostics: Diag[] }).diagnostics;
  return { code: result.code, prices: diagnostics.filter((d) => d.code === 'EVALC_METRIC_PRICES') };
}

describe('a cost metric', () => {
  it('without prices: warns once, at the metric, with what to add', () => {
    const result = validate('none.yaml', ['metrics:', '  - { type: cost }']);
    expect(result.code).toBe(0);
    expect(result.prices).toHaveLength(1);
    expect(result.prices[0]).toMatchObject({ severity: 'warning', source: { line: 13 } });
    expect(result.prices[0]?.message).toContain(
      'this plan has none: the cost of every example with token usage would be a metric_error',
    );
    expect(result.prices[0]?.hint).toContain('prices: { <model>: { input: <USD>, output: <USD> } }');
  });

  it('naming a model prices: does not list: warns; a listed or dated one does not', () => {
    const missing = validate('model.yaml', [
      'metrics:',
      '  - { type: cost, model: gpt-4o }',
      'prices: { gpt-4o-mini: { input: 0.15, output: 0.6 } }',
    ]);
    expect(missing.prices).toHaveLength(1);
    expect(missing.prices[0]?.message).toContain('prices model `gpt-4o`, which `prices:` does not list');
    const dated = validate('dated.yaml', [
      'metrics:',
      '  - { type: cost, model: gpt-4o-mini-2024-07-18 }',
      '  - { type: cost, id: c2 }',
      'prices: { gpt-4o-mini: { input: 0.15, output: 0.6 } }',
    ]);
    expect(dated.prices).toEqual([]);
  });

  it('naming another model that extends a listed key with a word warns: gpt-4o-mini is not priced as gpt-4o', () => {
    const other = validate('other.yaml', [
      'metrics:',
      '  - { type: cost, model: gpt-4o-mini }',
      '  - { type: cost, id: c2, model: claude-3-5-sonnet-latest }',
      'prices: { gpt-4o: { input: 2.5, output: 10 }, claude-3-5-sonnet: { input: 3, output: 15 } }',
    ]);
    expect(other.prices).toHaveLength(1);
    expect(other.prices[0]?.message).toContain('prices model `gpt-4o-mini`, which `prices:` does not list');
  });
});
