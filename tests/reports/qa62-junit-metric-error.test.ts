/**
 * QA62: a metric that failed on its own (a judge that could not judge, a metric_error) is an
 * <error> in junit.xml; its message now says what the error said, as report.md and report.json
 * do. Before, a CI test viewer showed only `judge: metric_error`, while report.md said
 * `judge failed: Lone surrogate is not allowed`.
 */
import { describe, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';
import { parseXmlStrict, type XmlElement } from './junit-schema.js';

function findCase(root: XmlElement, name: string): XmlElement | undefined {
  for (const suite of root.children) for (const c of suite.children) if (c.attributes.name === name) return c;
  return undefined;
}

describe('junit.xml: a metric error', () => {
  it('carries the metric error message in <error message> and its body', () => {
    const lock = baselineLock();
    const row = lock.results.find((r) => r.metrics.judge?.pass === true)!;
    const judge = row.metrics.judge!;
    const key = judge.key ?? judge.keys![0]!;
    row.metrics.judge = { ...judge, score: null, pass: false, error: 'metric_error', errors: 1 };
    const message = 'judge failed: HTTP 503 <upstream> & "overloaded"';
    const reports = renderReports({
      lock,
      failureDetails: { [key]: { error: { kind: 'metric_error', message } } },
    });
    expect(reports['report.md']).toContain('judge failed: HTTP 503');
    const c = findCase(parseXmlStrict(reports['junit.xml']), `${row.example} · judge`);
    const error = c?.children.find((x) => x.name === 'error');
    expect(error?.attributes.type).toBe('metric_error');
    expect(error?.attributes.message).toBe(`judge: metric_error: ${message}`);
    expect(error?.text).toContain(message);
  });

  it('keeps `metric: kind` when the error left no message', () => {
    const lock = baselineLock();
    const row = lock.results.find((r) => r.metrics.judge?.pass === true)!;
    row.metrics.judge = { ...row.metrics.judge!, score: null, pass: false, error: 'metric_error' };
    const c = findCase(parseXmlStrict(renderReports({ lock })['junit.xml']), `${row.example} · judge`);
    expect(c?.children.find((x) => x.name === 'error')?.attributes.message).toBe('judge: metric_error');
  });
});
