/**
 * QA62: an example whose every repeat failed before scoring, in a plan whose metrics are all
 * measurements (tokens, cost, steps: no pass value when the invoke failed), had no testcase at
 * all in junit.xml — a CI test viewer showed a green run while report.md listed
 * `error timeout (not scored)`. Such an example is now one `<example> · invoke` testcase with an
 * <error> of its kind, counted in the suite's and the root's `errors`.
 */
import { describe, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';
import { parseXmlStrict, validateJunit } from './junit-schema.js';

describe('junit.xml: an example that failed before scoring', () => {
  it('is an <error> testcase even when none of its metrics has a pass value', () => {
    const lock = baselineLock();
    const row = lock.results.find((r) => r.group === 'a1/search/course-search')!;
    row.errors = ['timeout'];
    row.pass = false;
    // What apply records for a measurement metric of a failed invoke: no score and no pass.
    for (const m of Object.values(row.metrics)) {
      m.score = null;
      delete m.pass;
    }
    const xml = renderReports({ lock })['junit.xml'];
    validateJunit(xml); // throws on a schema violation or counts that do not add up
    const suite = parseXmlStrict(xml).children.find((s) => s.attributes.name === row.group)!;
    const mine = suite.children.filter((c) => c.attributes.name?.startsWith(`${row.example} · `));
    expect(mine.map((c) => c.attributes.name)).toEqual([`${row.example} · invoke`]);
    expect(mine[0]!.children[0]!.name).toBe('error');
    expect(mine[0]!.children[0]!.attributes.type).toBe('timeout');
    const errors = suite.children.filter((c) => c.children.some((x) => x.name === 'error')).length;
    expect(Number(suite.attributes.errors)).toBe(errors);
    expect(Number(suite.attributes.tests)).toBe(suite.children.length);
  });
});
