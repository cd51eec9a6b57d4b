/**
 * QA349: two example ids of one dataset that are one text in two Unicode forms — `café` with the
 * precomposed U+00E9 and with `e` + U+0301, `K` and the Kelvin sign U+212A — validated in silence, and
 * report.md, junit.xml (two testcases of one name) and `evalc diff` showed the two examples alike.
 * Warned at the second (EVALC_EXAMPLE_ID_UNICODE_FORM) with the code points that tell them apart.
 */
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { loadDatasetPlan } from './plan-helpers.js';

const said = (diagnostics: Diagnostic[]) =>
  diagnostics
    .filter((d) => d.code === 'EVALC_EXAMPLE_ID_UNICODE_FORM')
    .map(
      (d) => `${d.severity} ${d.source?.file}:${d.source?.line}:${d.source?.col} ${d.message} | ${d.hint}`,
    );

const row = (id: string) => JSON.stringify({ id, vars: { q: 'a' } });

describe('example ids that are one text in two Unicode forms', () => {
  it('are warned at the second, each spelled with its code points', async () => {
    const rows = ['caf\u00e9', 'plain', 'cafe\u0301', 'K', '\u212A', 'A', 'a', 'na\u00efve'];
    const result = await loadDatasetPlan('d.jsonl', { 'd.jsonl': `${rows.map(row).join('\n')}\n` });
    expect(said(result.diagnostics)).toEqual([
      'warning d.jsonl:3:1 example id "cafe\\u0301" is "caf\\u00e9" of d.jsonl:1 in another Unicode form: two examples that the reports and evalc diff show alike, as "café" | write the ids in one form (NFC, the composed characters most editors save), or tell them apart',
      'warning d.jsonl:5:1 example id "\\u212a" is "K" of d.jsonl:4 in another Unicode form: two examples that the reports and evalc diff show alike, as "K" | write the ids in one form (NFC, the composed characters most editors save), or tell them apart',
    ]);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('leaves a plain duplicate to the duplicate-id error, and ids in one form alone', async () => {
    const dup = await loadDatasetPlan('d.jsonl', { 'd.jsonl': `${row('caf\u00e9')}\n${row('caf\u00e9')}\n` });
    expect(said(dup.diagnostics)).toEqual([]);
    expect(dup.diagnostics.map((d) => d.code)).toContain('EVALC_EXAMPLE_DUPLICATE_ID');
    const ok = await loadDatasetPlan('d.jsonl', {
      'd.jsonl': `${row('cafe\u0301')}\n${row('\u00e9t\u00e9')}\n`,
    });
    expect(said(ok.diagnostics)).toEqual([]);
  });

  it('warns ten times in a dataset, then counts the others', async () => {
    const rows = Array.from({ length: 13 }, (_, i) => [row(`x${i}\u00e9`), row(`x${i}e\u0301`)]).flat();
    const result = await loadDatasetPlan('d.jsonl', { 'd.jsonl': `${rows.join('\n')}\n` });
    const warned = said(result.diagnostics);
    expect(warned).toHaveLength(11);
    expect(warned[10]).toBe(
      'warning d.jsonl:20:1 3 more example ids in this dataset are another id in another Unicode form | undefined',
    );
  });
});
