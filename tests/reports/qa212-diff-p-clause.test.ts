/**
 * QA212: `evalc diff`'s text printed `p 0.034` and `p < 0.001` where a regression gate's message says
 * `p = 0.034` and `p < 0.001`: one p read two ways on one screen. The text diff says it as the gate does.
 */
import { describe, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import { renderTextDiff } from '../../src/reports/text-diff.js';
import { buildCourseAdvisorLock, exampleIds } from '../fixtures/locks/course-advisor.js';
import { baselineLock } from '../fixtures/locks/variants.js';

describe('evalc diff text, a p as a gate says it', () => {
  it('reads `p < 0.001` below the floor and `p = …` above it, never a bare `p 0.…`', () => {
    // a1 fails every example it passed: 27 pass → fail flips, exact McNemar p ≈ 1.5e-8.
    const all = [...exampleIds('search', 12), ...exampleIds('details', 9), ...exampleIds('paths', 9)];
    const text = renderTextDiff(diffLocks(baselineLock(), buildCourseAdvisorLock({ fails: { a1: all } })));
    const clauses = [...text.matchAll(/ p (\S+ \S+) \(/g)].map((m) => m[1] ?? '');
    expect(clauses).toContain('< 0.001');
    expect(clauses.some((c) => /^= \d\.\d+$/.test(c))).toBe(true);
    expect(clauses.every((c) => /^(< |= )\d\.\d+$/.test(c))).toBe(true);
  });
});
