/**
 * QA184: an example's `durationMs` in report.json is the mean of its repeats' durations; with
 * three repeats of 97, 97 and 98 ms it read 97.33333333333333, where every other duration evalc
 * writes is whole ms (each repeat's, the lock's `durationMsMean`, report.html's "97 ms", junit's
 * `time` in s to 3 decimals). It is rounded to whole ms now, and report.json still matches its schema.
 */

import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';

describe('an example duration over repeats (QA184)', () => {
  it('is whole ms in report.json and junit.xml', () => {
    const lock = baselineLock();
    const row = lock.results[0];
    if (!row) throw new Error('no row');
    lock.run.repeats = 3;
    row.invoke = ['k1:d0', 'k1:d1', 'k1:d2'];
    const trajectories = {
      'k1:d0': { candidates: {}, durationMs: 97 },
      'k1:d1': { candidates: {}, durationMs: 97 },
      'k1:d2': { candidates: {}, durationMs: 98 },
    };
    const out = renderReports({ lock, trajectories });
    const report = JSON.parse(out['report.json']) as {
      examples: { example: string; durationMs: number | null; repeats: { durationMs: number | null }[] }[];
    };
    const example = report.examples.find((e) => e.example === row.example);
    expect(example?.repeats.map((r) => r.durationMs)).toEqual([97, 97, 98]);
    expect(example?.durationMs).toBe(97);
    const schema = JSON.parse(
      readFileSync(new URL('../../schemas/report.schema.json', import.meta.url), 'utf8'),
    );
    const validate = new Ajv2020({ strict: false }).compile(schema);
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(out['junit.xml']).toMatch(new RegExp(`name="[^"]*${row.example}[^"]*"[^>]* time="0\\.097"`));
  });
});
