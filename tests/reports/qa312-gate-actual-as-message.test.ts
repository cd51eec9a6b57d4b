/**
 * QA312: bfa2615e printed a gate's actual figure in the Gates tables and junit.xml as report.md's
 * value row prints a mean, which from 10 keeps one decimal and from 100 none: a failed `max: 150.2`
 * gate on a cost of 150.4 read `| max | 150 | cost = 150.400 …; required ≤ 150.2 |`, a figure within
 * its bound beside the failure on one row, as 0.0012 read `0.001` before. It prints as the message
 * does now, whatever its size.
 */
import { describe, expect, it } from 'vitest';
import { fmt } from '../../src/metrics/gate-figures.js';
import { renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';

function reportsWith(actual: number, bound: number) {
  const lock = baselineLock();
  const message = `cost = ${fmt(actual)} at benchmark for a1; required ≤ ${bound}`;
  lock.gates = [
    { metric: 'cost', scope: 'benchmark', agent: 'a1', kind: 'max', passed: false, actual, message },
  ];
  return renderReports({ lock });
}

describe("a gate's actual figure from 10", () => {
  it('prints as its message does in report.md, report.html and junit.xml', () => {
    const r = reportsWith(150.4, 150.2);
    expect(r['report.md']).toContain(
      '| max | 150.400 | cost = 150.400 at benchmark for a1; required ≤ 150.2 |',
    );
    expect(r['report.html']).toContain('<td class="num">150.400</td><td>cost = 150.400 at benchmark');
    expect(r['junit.xml']).toContain('actual 150.400: cost = 150.400 at benchmark');
    const twelve = reportsWith(12.455, 12.45);
    expect(twelve['report.md']).toContain('| max | 12.455 | cost = 12.455 at benchmark');
    expect(twelve['report.md']).not.toContain('| 12.5 |');
    // below 0.01 and within [0, 1] as before (bfa2615e)
    expect(reportsWith(0.0012, 0.001)['report.md']).toContain('| max | 0.0012 | cost = 0.0012');
    expect(reportsWith(0.657, 0.5)['junit.xml']).toContain('actual 0.657: cost = 0.657');
  });
});
