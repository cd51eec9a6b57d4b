/**
 * QA357: junit.xml wrote each example's duration on every metric's testcase and no testsuite had a
 * `time`, so Jenkins (a suite without `time` sums its cases) and GitLab (a suite's total is its
 * cases' sum) showed a suite's duration times the number of metrics with a pass value (QA349's
 * leftover: 1,200 examples × 3 metrics read 3× their time). The example's time is now on its first
 * testcase only, and each agent/task/dataset suite's `time` is its examples' own durations, once each.
 */
import { describe, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import type { InvokeRecord } from '../../src/reports/types.js';
import { baselineLock } from '../fixtures/locks/variants.js';

const attr = (tag: string, name: string) => new RegExp(` ${name}="([^"]*)"`).exec(tag)?.[1];

describe('junit.xml durations', () => {
  it('count each example once, in its suite and on its first testcase', () => {
    const lock = baselineLock();
    const trajectories: Record<string, InvokeRecord> = {};
    lock.results.forEach((r, i) => {
      r.invoke = [`k:${i}`];
      trajectories[`k:${i}`] = { candidates: {}, durationMs: 100 + i };
    });
    const xml = renderReports({ lock, trajectories })['junit.xml'];
    const suites = xml.split('<testsuite ').slice(1);
    let checked = 0;
    let several = false; // a suite with several metrics per example
    for (const suite of suites) {
      const head = ` ${suite.slice(0, suite.indexOf('>'))}`;
      if (attr(head, 'name') === 'gates') continue;
      const cases = [...suite.matchAll(/<testcase [^>]*>/g)].map((m) => m[0]);
      const timed = cases.filter((c) => attr(c, 'time') !== undefined);
      const examples = new Set(cases.map((c) => attr(c, 'name')!.split(' · ')[0]));
      several ||= cases.length > examples.size;
      expect(timed).toHaveLength(examples.size); // one timed case per example
      const casesSum = timed.reduce((s, c) => s + Number(attr(c, 'time')), 0);
      expect(Number(attr(head, 'time'))).toBeCloseTo(casesSum, 6);
      checked++;
    }
    expect(checked).toBeGreaterThan(3);
    expect(several).toBe(true);
    // deterministic
    expect(renderReports({ lock, trajectories })['junit.xml']).toBe(xml);
  });
});
