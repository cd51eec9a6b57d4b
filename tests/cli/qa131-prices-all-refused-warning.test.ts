/**
 * QA131 (QA113's leftover): `prices: { gpt-4o: { input: 2.5, ouput: 10 } }` — the plan's only
 * price refused for a misspelt key — beside `{ type: cost, model: gpt-4o-mini }` showed the schema
 * errors alone. The README says the unlisted-model warning comes in the same run "when the model
 * matches none of its keys, refused ones included"; QA113 kept it only when another entry was
 * valid: with every entry refused, the salvaged plan had no prices, its "this plan has none"
 * warning was rightly dropped, and the "does not list" one was never made. Real binary.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa131-prices-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Diag {
  code: string;
  message: string;
  source?: { line: number; col: number };
}

function validate(name: string, metric: string): Diag[] {
  const file = path.join(work, name);
  writeFileSync(
    file,
    [
      'evalc: 1',
      'benchmark: { id: b }',
      'prices:',
      '  gpt-4o: { input: 2.5, ouput: 10 }',
      'agents:',
      '  a: { protocol: raip, url: "http://127.0.0.1:9" }',
      'tasks:',
      '  t:',
      '    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }',
      '    datasets: { d: { examples: [ { id: e1, vars: { q: hi } } ] } }',
      `    metrics: [ ${metric} ]`,
      '',
    ].join('\n'),
  );
  const result = spawnCli(['validate', '--json', file], { cwd: work });
  expect(result.code).toBe(65);
  return (JSON.parse(result.stdout) as { diagnostics: Diag[] }).diagnostics;
}

describe("an unlisted cost model beside the plan's only prices: entry, refused", () => {
  it('both the schema errors and the unlisted-model warning, at the model, in one run', () => {
    const ds = validate('mini.yaml', '{ id: spend, type: cost, model: gpt-4o-mini }');
    // `ouput` is said unknown with "did you mean `output`?", not also `output` missing (QA166).
    expect(ds.map((d) => [d.code, d.source?.line])).toEqual([
      ['EVALC_SCHEMA_UNKNOWN_KEY', 4],
      ['EVALC_METRIC_PRICES', 11],
    ]);
    expect(ds[1]?.message).toBe(
      '`spend` prices model `gpt-4o-mini`, which `prices:` does not list (it lists gpt-4o): the cost of every example with token usage would be a metric_error (no price)',
    );
    expect(ds[1]?.source?.col).toBe(48); // the `g` of gpt-4o-mini
  });

  it('the model of the refused entry, or none: the schema errors alone', () => {
    for (const metric of [
      '{ type: cost, model: gpt-4o }',
      '{ type: cost, model: gpt-4o-2024-08-06 }',
      '{ type: cost }',
    ])
      expect(validate('own.yaml', metric).map((d) => d.code)).toEqual(['EVALC_SCHEMA_UNKNOWN_KEY']);
  });
});
