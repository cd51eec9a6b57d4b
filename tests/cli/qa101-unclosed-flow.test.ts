/**
 * A flow mapping left open (`- { type: exact_match, candidate: codes` with no `}`) was reported at
 * the start of the next line, which is fine ("Flow map in block collection must be sufficiently
 * indented and end with a }"). The diagnostic now points at the `{` that needs its `}` (QA101).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa101-flow-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Diag {
  code: string;
  message: string;
  hint?: string;
  source?: { line: number; col: number };
}

function validate(name: string, lines: string[]): { code: number; diagnostics: Diag[] } {
  const file = path.join(work, name);
  writeFileSync(file, `${lines.join('\n')}\n`);
  const result = spawnCli(['validate', '--json', file], { cwd: work });
  return {
    code: result.code,
    diagnostics: (JSON.parse(result.stdout) as { diagnostics: Diag[] }).diagnostics,
  };
}

describe('an unclosed flow collection', () => {
  it('is reported at its `{`, naming the `}` to add', () => {
    const result = validate('metric.yaml', [
      'evalc: 1',
      'benchmark: { id: b }',
      'tasks:',
      '  t:',
      '    metrics:',
      '      - { type: exact_match, candidate: codes',
      '      - { type: judge, judge: j }',
    ]);
    expect(result.code).toBe(65);
    const d = result.diagnostics.find((x) => x.code === 'EVALC_YAML_SYNTAX');
    expect(d?.source).toEqual(expect.objectContaining({ line: 6, col: 9 }));
    expect(d?.message).toContain('this `{` has no `}` before line 7');
    expect(d?.hint).toContain('close it with `}`');
  });

  it('a flow sequence too, at its `[`', () => {
    const result = validate('seq.yaml', [
      'evalc: 1',
      'benchmark: { id: b }',
      'include: [a.yaml, b.yaml',
      'tasks: {}',
    ]);
    expect(result.code).toBe(65);
    const d = result.diagnostics.find((x) => x.code === 'EVALC_YAML_SYNTAX');
    expect(d?.source).toEqual(expect.objectContaining({ line: 3, col: 10 }));
    expect(d?.message).toContain('this `[` has no `]` before line 4');
  });
});
