/**
 * QA46: with `run.repeats` > 1, report.md's failing-example line and junit.xml's `got:` showed the
 * first repeat's answer only. An example that answered "yes" (right) then "no" (wrong) read
 * "failed exact_match · got answer: yes": the answer that passed, as the reason it failed. They
 * now list each distinct answer with the repeats that gave it (numbered from 1, as report.html's
 * drill-down numbers them).
 */
import { describe, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';

describe('what the agent answered, across repeats (QA46)', () => {
  it('names every distinct answer and its repeats in report.md and junit.xml', () => {
    const lock = baselineLock();
    const row = lock.results.find((r) => r.pass === false && (r.errors ?? []).length === 0);
    expect(row).toBeDefined();
    if (!row) return;
    lock.run.repeats = 3;
    row.invoke = ['k1:r0', 'k1:r1', 'k1:r2'];
    const trajectories = {
      'k1:r0': { candidates: { answer: 'yes' } },
      'k1:r1': { candidates: { answer: 'no' } },
      'k1:r2': { candidates: { answer: 'yes' } },
    };
    const out = renderReports({ lock, trajectories });
    const line = out['report.md'].split('\n').find((l) => l.includes(`/${row.example} —`)) ?? '';
    // Markdown-escaped parentheses (report.md escapes the agent's text).
    expect(line.endsWith(' · got answer: yes \\(repeats 1, 3\\) / answer: no \\(repeat 2\\)')).toBe(true);
    expect(out['junit.xml']).toContain('got: answer: yes (repeats 1, 3) / answer: no (repeat 2)');
  });

  it('keeps one answer as it was when every repeat answered the same', () => {
    const lock = baselineLock();
    const row = lock.results.find((r) => r.pass === false && (r.errors ?? []).length === 0);
    if (!row) throw new Error('no failing row');
    lock.run.repeats = 2;
    row.invoke = ['k1:s0', 'k1:s1'];
    const trajectories = {
      'k1:s0': { candidates: { answer: 'Stockhol' } },
      'k1:s1': { candidates: { answer: 'Stockhol' } },
    };
    const md = renderReports({ lock, trajectories })['report.md'];
    const line = md.split('\n').find((l) => l.includes(`/${row.example} —`)) ?? '';
    expect(line).toMatch(/ · got answer: Stockhol$/);
  });
});
