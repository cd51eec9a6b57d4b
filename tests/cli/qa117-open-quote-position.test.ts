/**
 * Review of fc4244b (QA117): a quote never closed swallows the rest of the file, and the reader says
 * `Missing closing "quote` at the end of the file: an empty line past the last one. Since fc4244b
 * that is the first error of `{ id: "x, version: 1 }`, and the flow collection's error, which
 * named the quote's line, is gone: no error pointed at a line the user wrote. The error now names
 * the quote where it opened.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa117-quote-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Diag {
  code: string;
  message: string;
  hint?: string;
  source?: { line: number; col: number };
}

function firstError(name: string, text: string): Diag | undefined {
  const file = path.join(work, name);
  writeFileSync(file, text);
  const result = spawnCli(['validate', '--json', file], { cwd: work });
  expect(result.code).toBe(65);
  return (JSON.parse(result.stdout) as { diagnostics: Diag[] }).diagnostics[0];
}

describe('a quote never closed is named where it opened (QA117)', () => {
  for (const [name, text, line, col, mark] of [
    ['flow-map.yaml', 'evalc: 1\nbenchmark: { id: "x, version: 1.0.0 }\ntasks: {}\n', 2, 18, '"'],
    [
      'metric.yaml',
      'evalc: 1\nbenchmark: { id: b }\ntasks:\n  t:\n    metrics: [ { type: exact_match, id: "x } ]\n',
      5,
      41,
      '"',
    ],
    ['single.yaml', "evalc: 1\nbenchmark: { id: 'it''s }\n", 2, 18, "'"],
  ] as const)
    it(name, () => {
      const d = firstError(name, text);
      expect(d?.code).toBe('EVALC_YAML_SYNTAX');
      expect(d?.source).toMatchObject({ line, col });
      expect(text.split('\n')[line - 1]?.[col - 1]).toBe(mark);
      expect(d?.message).toContain(`this \`${mark}\` is never closed`);
      expect(d?.message).toContain(`Missing closing ${mark}quote`);
      expect(d?.hint).toBe(`close it with \`${mark}\` where the value ends`);
    });

  it('a closed quote over two lines is no syntax error', () => {
    const file = path.join(work, 'two-lines.yaml');
    writeFileSync(file, 'evalc: 1\nbenchmark:\n  id: "b\n    c"\n');
    const result = spawnCli(['validate', '--json', file], { cwd: work });
    const ds = (JSON.parse(result.stdout) as { diagnostics: Diag[] }).diagnostics;
    expect(ds.filter((d) => d.code === 'EVALC_YAML_SYNTAX')).toEqual([]);
  });
});
