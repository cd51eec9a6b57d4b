/**
 * QA169: junit.xml names the repeat whose error a testcase reports counting from 1, as its own
 * `got:` line, report.md (`answer: no (repeat 2)`) and report.html (`Repeat 2`) do: an example
 * whose second of three repeats answered 500 read `repeat 1: HTTP 500 …` above
 * `got: answer: Santiago`, and a run of one repeat `repeat 0: …`.
 */
import { describe, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';
import { parseXmlStrict, validateJunit } from './junit-schema.js';

function errorBody(errors: (string | null)[]): string {
  const lock = baselineLock();
  lock.run.repeats = errors.length;
  const row = lock.results.find((r) => r.group === 'a1/search/course-search')!;
  row.errors = errors;
  const key = row.invoke[0]!;
  row.invoke = errors.map((_, i) => (i === 0 ? key : `${key.slice(0, -1)}${i}`));
  row.pass = false;
  const xml = renderReports({ lock })['junit.xml'];
  validateJunit(xml);
  const suite = parseXmlStrict(xml).children.find((s) => s.attributes.name === row.group)!;
  const mine = suite.children.find((c) => c.attributes.name?.startsWith(`${row.example} · `))!;
  const error = mine.children.find((x) => x.name === 'error')!;
  return error.text;
}

describe('junit.xml: the repeat an error is reported from', () => {
  it('is counted from 1: the second of three repeats is repeat 2', () => {
    expect(errorBody([null, 'http_500', null])).toMatch(/^repeat 2: /);
  });

  it('is repeat 1 in a run of one repeat', () => {
    expect(errorBody(['timeout'])).toMatch(/^repeat 1: /);
  });
});
