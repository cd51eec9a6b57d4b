/**
 * Reports of a large run are written in pieces; the pieces must add up to exactly the text the
 * whole-object renderers define (report.json: sorted keys, 2-space indent), and report.html
 * keeps every failure but only the first passing rows, saying so.
 */
import { describe, expect, it } from 'vitest';
import { sortKeys } from '../../src/lockfile/serialize.js';
import type { Lockfile, LockResult } from '../../src/lockfile/types.js';
import { HTML_PASSING_ROWS } from '../../src/reports/html-embed.js';
import { buildModel, emitReport, renderReports } from '../../src/reports/index.js';
import { buildReportJson } from '../../src/reports/json.js';
import { buildRationales, buildTrajectories } from '../fixtures/locks/course-advisor.js';
import { a2WorseLock, baselineLock } from '../fixtures/locks/variants.js';

/** The fixture's 90 results copied `copies` times under new example ids, keys in a shuffled order. */
function bigLock(copies: number): Lockfile {
  const lock = baselineLock();
  const results: LockResult[] = [];
  for (let k = 0; k < copies; k++)
    for (const r of lock.results) {
      const { metrics, invoke, ...rest } = r;
      results.push({ metrics, invoke, ...rest, example: `${r.example}~${k}` });
    }
  return { ...lock, results };
}

describe('reports written in pieces', () => {
  it('report.json pieces concatenate to JSON.stringify(sortKeys(report), null, 2)', () => {
    for (const baseline of [undefined, a2WorseLock()]) {
      const lock = bigLock(13); // 1,170 rows: several pieces, and a last partial one
      const input = {
        lock,
        ...(baseline ? { baseline } : {}),
        trajectories: buildTrajectories(lock),
        judgeRationales: buildRationales(lock),
      };
      const model = buildModel(input);
      const pieces: string[] = [];
      emitReport('report.json', model, lock.volatile, (t) => pieces.push(t));
      expect(pieces.length).toBeGreaterThan(20);
      const whole = `${JSON.stringify(sortKeys(buildReportJson(model, lock.volatile)), null, 2)}\n`;
      expect(pieces.join('')).toBe(whole);
      expect(JSON.parse(whole).examples).toHaveLength(1170);
    }
  });

  it('report.json with no examples keeps an empty list', () => {
    const lock = { ...baselineLock(), results: [] };
    const text = renderReports({ lock })['report.json'];
    expect(text).toBe(
      `${JSON.stringify(sortKeys(buildReportJson(buildModel({ lock }), lock.volatile)), null, 2)}\n`,
    );
    expect(JSON.parse(text).examples).toEqual([]);
  });

  it('junit.xml counts match the testcases, failures and errors it contains, per suite and in total', () => {
    const lock = bigLock(12);
    const xml = renderReports({ lock, trajectories: buildTrajectories(lock) })['junit.xml'];
    const count = (text: string, tag: string) => text.split(`<${tag}`).length - 1;
    const root = /<testsuites [^>]*tests="(\d+)" failures="(\d+)" errors="(\d+)">/.exec(xml);
    expect(root).not.toBeNull();
    expect(Number(root?.[1])).toBe(count(xml, 'testcase '));
    expect(Number(root?.[2])).toBe(count(xml, 'failure '));
    expect(Number(root?.[3])).toBe(count(xml, 'error '));
    const suites = xml.split('<testsuite ').slice(1);
    expect(suites.length).toBe(10); // gates + 9 agent/task/dataset groups
    for (const suite of suites) {
      const head = /tests="(\d+)" failures="(\d+)" errors="(\d+)"/.exec(suite);
      expect(Number(head?.[1])).toBe(count(suite, 'testcase '));
      expect(Number(head?.[2])).toBe(count(suite, 'failure '));
      expect(Number(head?.[3])).toBe(count(suite, 'error '));
    }
    expect(xml.endsWith('</testsuites>\n')).toBe(true);
  });

  it('report.html embeds every failing row, the first passing rows, and a note naming what it left out', () => {
    const lock = bigLock(40); // 3,600 rows
    const model = buildModel({ lock, trajectories: buildTrajectories(lock) });
    const problems = model.examples.filter((e) => e.status === 'fail' || e.status === 'error');
    const html = renderReports({ lock, trajectories: buildTrajectories(lock) })['report.html'];
    const data = JSON.parse(
      /<script type="application\/json" id="evalc-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}',
    ) as { examples: { id: string; status: string }[] };
    const kept = new Set(data.examples.map((e) => e.id));
    for (const p of problems) expect(kept.has(p.id)).toBe(true);
    expect(data.examples.length).toBe(problems.length + HTML_PASSING_ROWS);
    // In report order: the kept rows are a subsequence of the model's rows.
    const order = model.examples.map((e) => e.id).filter((id) => kept.has(id));
    expect(data.examples.map((e) => e.id)).toEqual(order);
    const left = 3600 - data.examples.length;
    expect(html).toContain(`${left} of 3600 example rows are not in this page`);
    expect(html).toContain('report.json has every row.');
  });

  it('report.html keeps trajectories for at most 2,000 embedded rows, failures first, and says how many it stripped', () => {
    const lock = bigLock(100); // 9,000 rows, every invoke with a trajectory
    const trajectories = buildTrajectories(lock);
    const model = buildModel({ lock, trajectories });
    const problems = model.examples.filter((e) => e.status === 'fail' || e.status === 'error').length;
    const html = renderReports({ lock, trajectories })['report.html'];
    const data = JSON.parse(
      /<script type="application\/json" id="evalc-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}',
    ) as { examples: { status: string; repeats: { record?: unknown }[] }[] };
    const withRecord = data.examples.filter((e) => e.repeats.some((r) => r.record !== undefined));
    expect(data.examples.length).toBe(problems + HTML_PASSING_ROWS);
    expect(withRecord).toHaveLength(2000);
    const problemRows = data.examples.filter((e) => e.status === 'fail' || e.status === 'error');
    expect(problemRows.every((e) => e.repeats.some((r) => r.record !== undefined))).toBe(problems <= 2000);
    expect(html).toContain(`${data.examples.length - 2000} of the rows shown have no trajectory embedded`);
  });

  it('report.html of a small run embeds everything and has no note', () => {
    const lock = baselineLock();
    const html = renderReports({ lock, trajectories: buildTrajectories(lock) })['report.html'];
    expect(html).not.toContain('examples-omitted');
    const data = JSON.parse(
      /<script type="application\/json" id="evalc-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}',
    ) as { examples: unknown[] };
    expect(data.examples).toHaveLength(lock.results.length);
  });
});
