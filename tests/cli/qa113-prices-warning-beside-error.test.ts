/**
 * QA113 (QA109's leftover): with `prices: { m: {...}, k: [1, 2] }` and a cost metric naming
 * `model: n`, validate showed the schema error about `k` alone; that `n` is not in `prices:` came
 * only after `k` was fixed. `n` matches no key the plan writes, refused or not, so both are in one
 * run (the salvage's aim: every problem in one pass), and the warning lists the keys as written.
 * A model whose own entry was refused (`model: k`) still gets the schema error alone (QA105).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa113-prices-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Diag {
  code: string;
  message: string;
  source?: { line: number; col: number };
}

function validate(name: string, model: string): { code: number; diagnostics: Diag[] } {
  const file = path.join(work, name);
  writeFileSync(
    file,
    [
      'evalc: 1',
      'benchmark: { id: b }',
      'prices:',
      '  m: { input: 1, output: 2 }',
      '  k: [1, 2]',
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
  return {
    code: result.code,
    diagnostics: (JSON.parse(result.stdout) as { diagnostics: Diag[] }).diagnostics,
  };
}

describe('an unlisted cost model beside a refused prices: entry', () => {
  it('both the schema error and the unlisted-model warning, in one run', () => {
    const result = validate('n.yaml', 'n');
    expect(result.code).toBe(65);
    expect(result.diagnostics.map((d) => [d.code, d.source?.line])).toEqual([
      ['EVALC_SCHEMA_TYPE', 5],
      ['EVALC_METRIC_PRICES', 12],
    ]);
    expect(result.diagnostics[1]?.message).toContain('`n`, which `prices:` does not list (it lists m, k)');
  });

  it('the model of the refused entry: the schema error alone', () => {
    const result = validate('k.yaml', 'k');
    expect(result.diagnostics.map((d) => d.code)).toEqual(['EVALC_SCHEMA_TYPE']);
  });
});
