/**
 * Review of 73fff2a (QA105): a `run.repeats` the schema refuses (`"3"`, `0`, `2.5`) is pruned, and
 * the checks that read it then saw the default, 1: validate warned "`consistency` … and run.repeats
 * is 1: every example would score 1" (set repeats: 2) beside "run.repeats: expected number, got the
 * string \"3\"", and pass_at_k's "k = 3 exceeds run.repeats (1)" was a second error for the same
 * mistake. A cascade of the refused value, not news: only the schema error stays.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa105-repeats-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function validate(
  name: string,
  run: string,
): { code: number; diagnostics: { code: string; message: string }[] } {
  const file = path.join(work, name);
  writeFileSync(
    file,
    [
      'evalc: 1',
      'benchmark: { id: b }',
      run,
      'agents:',
      '  a: { protocol: raip, url: "http://127.0.0.1:9" }',
      'tasks:',
      '  t:',
      '    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }',
      '    datasets: { d: { examples: [ { id: e1, vars: { q: hi } } ] } }',
      '    metrics:',
      '      - { type: consistency, candidate: answer }',
      '      - { type: pass_at_k, k: 3 }',
      '',
    ].join('\n'),
  );
  const result = spawnCli(['validate', '--json', file], { cwd: work });
  return {
    code: result.code,
    diagnostics: (JSON.parse(result.stdout) as { diagnostics: { code: string; message: string }[] })
      .diagnostics,
  };
}

describe('a run.repeats the schema refuses', () => {
  for (const [name, run] of [
    ['string', 'run: { repeats: "3" }'],
    ['zero', 'run: { repeats: 0 }'],
    ['fraction', 'run: { repeats: 2.5 }'],
  ] as const) {
    it(`${name}: the schema error alone, no check of the default repeats`, () => {
      const result = validate(`${name}.yaml`, run);
      expect(result.code).toBe(65);
      expect(result.diagnostics).toHaveLength(1);
      expect(result.diagnostics[0]?.message).toMatch(/^run\.repeats: /);
    });
  }

  it('a valid single repeat still warns and still refuses k = 3', () => {
    const result = validate('one.yaml', 'run: { repeats: 1 }');
    expect(result.diagnostics.map((d) => d.code).sort()).toEqual([
      'EVALC_METRIC_PARAM',
      'EVALC_METRIC_REPEATS',
    ]);
  });
});
