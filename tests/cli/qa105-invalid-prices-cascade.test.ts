/**
 * Review of ffeaf72 (QA105): a `prices:` entry the schema refuses (`input: "1"`, no `output`, a
 * list) is pruned, and the cost check then read the plan as having no prices: validate warned
 * "`cost` prices tokens with the plan's `prices:`, and this plan has none" beside the schema error
 * about the prices the plan holds. A cascade of the refused value: only the schema error stays.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa105-prices-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function validate(name: string, prices: string, model = 'm'): { code: number; codes: string[] } {
  const file = path.join(work, name);
  writeFileSync(
    file,
    [
      'evalc: 1',
      'benchmark: { id: b }',
      prices,
      'agents:',
      '  a: { protocol: raip, url: "http://127.0.0.1:9" }',
      'tasks:',
      '  t:',
      '    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }',
      '    datasets: { d: { examples: [ { id: e1, vars: { q: hi } } ] } }',
      `    metrics: [ { type: cost, model: ${model} } ]`,
      '',
    ].join('\n'),
  );
  const result = spawnCli(['validate', '--json', file], { cwd: work });
  const { diagnostics } = JSON.parse(result.stdout) as { diagnostics: { code: string }[] };
  return { code: result.code, codes: diagnostics.map((d) => d.code) };
}

describe('a prices: entry the schema refuses', () => {
  for (const [name, prices] of [
    ['string', 'prices: { m: { input: "1", output: 2 } }'],
    ['missing-output', 'prices: { m: { input: 1 } }'],
    ['list', 'prices: [m]'],
  ] as const) {
    it(`${name}: the schema error alone, no "this plan has none"`, () => {
      const result = validate(`${name}.yaml`, prices);
      expect(result.code).toBe(65);
      expect(result.codes).not.toContain('EVALC_METRIC_PRICES');
      expect(result.codes).toHaveLength(1);
    });
  }

  it('the model of a refused entry is not said to be missing from prices:', () => {
    const result = validate(
      'other.yaml',
      'prices: { m: { input: 1, output: 2 }, n: { input: x, output: 1 } }',
      'n',
    );
    expect(result.codes).not.toContain('EVALC_METRIC_PRICES');
  });

  it('valid prices without the model still warn', () => {
    const result = validate('valid.yaml', 'prices: { n: { input: 1, output: 2 } }');
    expect(result.code).toBe(0);
    expect(result.codes).toEqual(['EVALC_METRIC_PRICES']);
  });
});
