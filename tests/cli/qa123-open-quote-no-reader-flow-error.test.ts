/**
 * Review of 39bfe50 (QA123): a quote never closed inside a flow collection that ends the file
 * (`benchmark: { id: "q }`, `expected: 'x }` on the last line) is named where it opened, and the
 * collection's error where the reader gave up came second in the reader's own words, at a line past
 * the file's last one: "Flow map in block collection must be sufficiently indented and end with a }"
 * at 3:1 of a 2-line file. The quote's error is the only one.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa123-quote-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Diag {
  message: string;
  source?: { line: number; col: number };
}

function errors(name: string, text: string): Diag[] {
  const file = path.join(work, name);
  writeFileSync(file, text);
  const result = spawnCli(['validate', '--json', file], { cwd: work });
  expect(result.code).toBe(65);
  return (JSON.parse(result.stdout) as { diagnostics: Diag[] }).diagnostics;
}

describe('an open quote that takes a flow collection to the end of the file (QA123)', () => {
  for (const [name, text] of [
    ['two-lines.yaml', 'evalc: 1\nbenchmark: { id: "q }\n'],
    ['single-quote.yaml', "evalc: 1\nbenchmark: { id: q, version: 'x }\n"],
    [
      'no-newline.yaml',
      'evalc: 1\nbenchmark: { id: b }\ntasks:\n  t:\n    metrics:\n      - { type: contains, expected: "x }',
    ],
    ['sequence.yaml', 'evalc: 1\nbenchmark: { id: b }\nx: [ a, "b ]\n'],
  ] as const)
    it(name, () => {
      const found = errors(name, text);
      expect(found.map((d) => d.message)).toHaveLength(1);
      expect(found[0]?.message).toMatch(/^this `["']` is never closed/);
      // where the quote opened: the file's only `"` or `'`
      const at = Math.max(text.lastIndexOf('"'), text.lastIndexOf("'"));
      const line = text.slice(0, at).split('\n').length;
      const col = at - text.lastIndexOf('\n', at - 1);
      expect(found[0]?.source).toMatchObject({ line, col });
    });
});
