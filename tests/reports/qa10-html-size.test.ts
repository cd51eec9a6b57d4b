/**
 * report.html with agents that reply with megabytes (QA10): 20 examples of 1–5 MB outputs made a
 * 158 MB page (report.json and the cache hold them whole). The page now cuts long texts and stops
 * embedding trajectories past a total size, and says so.
 */
import { describe, expect, it } from 'vitest';
import {
  cutLongTexts,
  HTML_TEXT_CHARS,
  HTML_TRAJECTORY_BYTES,
  selectHtmlExamples,
} from '../../src/reports/html-embed.js';
import { buildModel, renderReports } from '../../src/reports/index.js';
import type { InvokeRecord } from '../../src/reports/types.js';
import { buildTrajectories } from '../fixtures/locks/course-advisor.js';
import { baselineLock } from '../fixtures/locks/variants.js';

/** Each trajectory's answer `chars` long (ASCII filler after a recognisable head). */
function bigTrajectories(chars: number): Record<string, InvokeRecord> {
  const lock = baselineLock();
  const out = buildTrajectories(lock);
  for (const [key, rec] of Object.entries(out)) {
    if (!rec.trajectory) continue;
    const big = `HEAD-${key.slice(3, 11)}-${'x'.repeat(chars)}`;
    out[key] = {
      ...rec,
      candidates: { ...rec.candidates, big },
      trajectory: { ...rec.trajectory, raw: big },
    };
  }
  return out;
}

describe('report.html with very large replies', () => {
  it('cuts a text longer than the limit, keeps its head and says how much is missing', () => {
    const cut = { count: 0 };
    const text = `start ${'y'.repeat(HTML_TEXT_CHARS + 500)}`;
    const out = cutLongTexts({ a: [text, 'short'], b: { c: 7 } }, HTML_TEXT_CHARS, cut) as {
      a: string[];
      b: { c: number };
    };
    expect(cut.count).toBe(1);
    expect(out.a[1]).toBe('short');
    expect(out.b.c).toBe(7);
    expect(out.a[0]?.startsWith('start yyy')).toBe(true);
    expect(out.a[0]).toContain(`… [${text.length - HTML_TEXT_CHARS} more characters not in this page`);
    expect(out.a[0]?.length).toBeLessThan(HTML_TEXT_CHARS + 100);
  });

  it('never splits an emoji at the cut', () => {
    const cut = { count: 0 };
    const text = `${'a'.repeat(9)}🦊${'b'.repeat(20)}`; // the fox's high surrogate is unit 10
    const out = cutLongTexts(text, 10, cut) as string;
    expect(out.startsWith(`${'a'.repeat(9)}…`)).toBe(true);
    expect(out).toContain('[22 more characters'); // 🦊 (2 units) + 20
  });

  it('embeds 90 rows of 500 KB replies in a page of a few MB, cut and counted, while report.json keeps them whole', () => {
    const lock = baselineLock();
    const trajectories = bigTrajectories(500_000);
    const withText = Object.values(trajectories).filter((t) => t.trajectory).length;
    expect(withText).toBeGreaterThan(60);
    const reports = renderReports({ lock, trajectories });
    const html = reports['report.html'];
    expect(html.length).toBeLessThan(10 * 1024 * 1024);
    expect(html).toContain(`${withText * 2} texts were longer than 20,000 characters and are cut`);
    expect(html).toContain('more characters not in this page; report.json has the whole text]');
    expect(reports['report.json'].length).toBeGreaterThan(withText * 2 * 500_000);
  });

  it('stops embedding trajectories once they total the size budget, failures first, and counts the rest', () => {
    // 8 copies of the 90 rows, each record two texts cut to ~20,000 characters: ~40 KB a row.
    const lock = bigLockOf(baselineLock(), 8);
    const trajectories = bigTrajectories(100_000);
    const embed = selectHtmlExamples(buildModel({ lock, trajectories }));
    const kept = embed.examples.filter((e) => e.repeats.some((r) => r.record?.trajectory));
    const size = kept.reduce(
      (n, e) => n + e.repeats.reduce((m, r) => m + (r.record ? JSON.stringify(r.record).length : 0), 0),
      0,
    );
    expect(size).toBeLessThanOrEqual(HTML_TRAJECTORY_BYTES);
    expect(size).toBeGreaterThan(HTML_TRAJECTORY_BYTES - 100_000);
    const withTrajectory = embed.examples.filter(
      (e) => trajectories[e.repeats[0]?.invokeKey ?? '']?.trajectory,
    );
    expect(embed.omitted?.trajectories).toBe(withTrajectory.length - kept.length);
    expect(embed.omitted?.trajectories).toBeGreaterThan(0);
    // Failures first: every failing row with a trajectory kept its record.
    const failingKept = kept.filter((e) => e.status === 'fail').length;
    expect(failingKept).toBe(withTrajectory.filter((e) => e.status === 'fail').length);
  });
});

function bigLockOf(lock: ReturnType<typeof baselineLock>, copies: number) {
  const results = [];
  for (let k = 0; k < copies; k++)
    for (const r of lock.results) results.push({ ...r, example: `${r.example}~${k}` });
  return { ...lock, results };
}

describe('report.html at 12 agents × 30 tasks', () => {
  it('folds passing gates when there are many, keeping failing ones in view', () => {
    const lock = baselineLock();
    const base = lock.gates[0];
    if (!base) throw new Error('fixture has gates');
    lock.gates = Array.from({ length: 40 }, (_, i) => ({
      ...base,
      agent: `a${i}`,
      passed: i >= 3,
      message: `gate ${i}`,
    }));
    const html = renderReports({ lock })['report.html'];
    const section = html.slice(
      html.indexOf('<section id="gates">'),
      html.indexOf('</section>', html.indexOf('<section id="gates">')),
    );
    expect(section).toContain('<details><summary>Passing gates (37)</summary>');
    // The 3 failing gates come before the fold.
    expect(section.indexOf('gate 2<')).toBeLessThan(section.indexOf('<details>'));
    expect(section.indexOf('gate 3<')).toBeGreaterThan(section.indexOf('<details>'));
  });

  it('keeps the page as wide as the window: a 30-task chart scrolls in its own box', () => {
    const html = renderReports({ lock: baselineLock() })['report.html'];
    expect(html).toMatch(/main \{[^}]*grid-template-columns:minmax\(0,1fr\)/);
    expect(html).toMatch(/\.charts \{[^}]*overflow-x:auto/);
  });

  it('counts rows whose trajectory was never read back among those without one', () => {
    const lock = baselineLock();
    const all = buildTrajectories(lock);
    // Only the first 10 records were read back (the cache reader's count limit).
    const trajectories = Object.fromEntries(Object.entries(all).slice(0, 10));
    const embed = selectHtmlExamples(buildModel({ lock, trajectories }));
    const withRecord = embed.examples.filter((e) => e.repeats.some((r) => r.record !== undefined)).length;
    const invoked = embed.examples.filter((e) => e.repeats.some((r) => r.invokeKey !== null)).length;
    expect(withRecord).toBeLessThanOrEqual(10);
    expect(embed.omitted?.trajectories).toBe(invoked - withRecord);
    // Without any record (no cache), no such note.
    expect(selectHtmlExamples(buildModel({ lock })).omitted).toBeUndefined();
  });
});
