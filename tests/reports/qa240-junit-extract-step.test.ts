/**
 * QA240: report.md's Errors table names an `extraction_failed` step `extract` (QA238: the agent
 * answered; the binding's `output:` failed on it), but junit.xml still named the testcase of such
 * an example with no metric case `<example> · invoke`, as if the agent had not answered. It is now
 * `<example> · extract`; every other kind stays `<example> · invoke`.
 */
import { describe, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';
import { parseXmlStrict, validateJunit } from './junit-schema.js';

function unscoredCaseNames(kind: string): string[] {
  const lock = baselineLock();
  const row = lock.results.find((r) => r.group === 'a1/search/course-search')!;
  row.errors = [kind];
  row.pass = false;
  // What apply records for a measurement metric of a failed example: no score and no pass.
  for (const m of Object.values(row.metrics)) {
    m.score = null;
    delete m.pass;
  }
  const xml = renderReports({ lock })['junit.xml'];
  validateJunit(xml);
  const suite = parseXmlStrict(xml).children.find((s) => s.attributes.name === row.group)!;
  return suite.children
    .filter((c) => c.attributes.name?.startsWith(`${row.example} · `))
    .map((c) => `${c.attributes.name} ${c.children[0]?.attributes.type}`);
}

describe('junit.xml names the step an unscored example failed in, as report.md does', () => {
  it('an extraction_failed is the extract step', () => {
    const [name] = unscoredCaseNames('extraction_failed');
    expect(name).toMatch(/ · extract extraction_failed$/);
  });

  it('a timeout stays the invoke step', () => {
    const [name] = unscoredCaseNames('timeout');
    expect(name).toMatch(/ · invoke timeout$/);
  });
});
