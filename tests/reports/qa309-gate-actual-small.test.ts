/**
 * QA309: a gate's actual figure below 0.01 (a cost of 0.0012 USD per example against `max: 0.001`)
 * read `0.001` in report.md's and report.html's Gates tables and junit.xml's `actual …`, beside
 * its own message's `cost = 0.0012`: one figure printed two ways on one row, and the failed gate's
 * figure within its bound. It prints as the message and report.md's value row do now.
 */
import { describe, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';

describe("a gate's actual figure below 0.01", () => {
  it('prints as its message does in report.md, report.html and junit.xml', () => {
    const lock = baselineLock();
    lock.gates = [
      {
        metric: 'cost',
        scope: 'benchmark',
        agent: 'a1',
        kind: 'max',
        passed: false,
        actual: 0.0012,
        message: 'cost = 0.0012 at benchmark for a1; required ≤ 0.001',
      },
    ];
    const r = renderReports({ lock });
    expect(r['report.md']).toContain('| max | 0.0012 | cost = 0.0012 at benchmark');
    expect(r['report.html']).toContain('<td class="num">0.0012</td><td>cost = 0.0012 at benchmark');
    expect(r['junit.xml']).toContain('actual 0.0012: cost = 0.0012 at benchmark');
    expect(r['report.md']).not.toContain('| 0.001 |');
  });
});
