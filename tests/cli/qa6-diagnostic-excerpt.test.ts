/**
 * Caret excerpts are cut to 120 characters around the column (QA6: a 60 MB one-line scalar, or a
 * 10,000-character `[[[…` line, was printed whole to stderr under its diagnostic), and a line
 * that is not text (a binary dataset) gets no excerpt.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { excerptAround, renderDiagnostics } from '../../src/cli/render-diagnostics.js';
import { spawnCli } from './run-cli.js';

const dir = mkdtempSync(path.join(tmpdir(), 'qa6-excerpt-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('excerptAround', () => {
  it('keeps a short line whole with the caret at the column', () => {
    expect(excerptAround('agents: x', 9)).toEqual({ text: 'agents: x', caret: 8 });
  });

  it('cuts a long line around the column and keeps the caret under the same character', () => {
    const line = `${'a'.repeat(1000)}X${'b'.repeat(1000)}`;
    const cut = excerptAround(line, 1001);
    expect(cut.text.length).toBe(122); // 120 characters and an ellipsis at each end
    expect(cut.text.startsWith('…')).toBe(true);
    expect(cut.text.endsWith('…')).toBe(true);
    expect(cut.text[cut.caret]).toBe('X');
  });

  it('cuts only the end of a long line whose column is near its start', () => {
    const cut = excerptAround(`k: "${'z'.repeat(500)}"`, 1);
    expect(cut).toEqual({ text: `k: "${'z'.repeat(116)}…`, caret: 0 });
  });
});

describe('rendering diagnostics of long and binary lines', () => {
  it('shows no excerpt for a line with a NUL byte', () => {
    writeFileSync(path.join(dir, 'bin.jsonl'), Buffer.from([0x7b, 0x00, 0x01, 0x0a]));
    const text = renderDiagnostics(
      [
        {
          code: 'EVALC_DATASET_PARSE',
          severity: 'error',
          message: 'invalid JSON',
          path: [],
          source: { file: 'bin.jsonl', line: 1, col: 1 },
        },
      ],
      dir,
    );
    expect(text).toBe('bin.jsonl:1:1: error EVALC_DATASET_PARSE: invalid JSON\n1 error, 0 warnings');
  });

  it('keeps evalc validate output small for a plan with a 2 MB line (real process)', () => {
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      `evalc: 1\nbenchmark: { id: b }\nhuge: "${'a'.repeat(2_000_000)}"\n`,
    );
    const r = spawnCli(['validate'], { cwd: dir });
    expect(r.code).toBe(65);
    expect(r.stderr).toContain('evalc.yaml:3:1: error EVALC_SCHEMA_UNKNOWN_KEY: unknown key `huge`');
    expect(r.stderr.length).toBeLessThan(2000);
  });
});
