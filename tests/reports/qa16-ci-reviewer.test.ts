/**
 * What a CI job and a reviewer read (QA16): junit.xml testcases keep their names when the plan's
 * `gates:` list grows (CI test history tracks testcases by name), and a failure says what the
 * agent answered; report.md says why an example failed (a judge's rationale, else the answer).
 */
import { describe, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import type { LockGate } from '../../src/lockfile/types.js';
import { summarizeCandidates } from '../../src/reports/format.js';
import { renderMarkdownDiff, renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';

function gate(metric: string, agent: string, kind: LockGate['kind'], passed = true): LockGate {
  return {
    metric,
    scope: 'benchmark',
    agent,
    kind,
    passed,
    actual: 0.9,
    message: `${metric} ${kind} for ${agent}`,
  };
}

function gateNames(xml: string): string[] {
  return [...xml.matchAll(/classname="[^"]*\.gates" name="([^"]*)"/g)].map((m) => m[1] ?? '');
}

describe('junit.xml for a CI test reporter', () => {
  it('names gate testcases by what they check, so adding a gate renames none of the others', () => {
    const before = baselineLock();
    before.gates = [gate('pass_rate', 'a1', 'min'), gate('codes_match', 'a1', 'regression')];
    const after = baselineLock();
    after.gates = [gate('judge', 'a1', 'min'), ...before.gates];
    const oldNames = gateNames(renderReports({ lock: before })['junit.xml']);
    const newNames = gateNames(renderReports({ lock: after })['junit.xml']);
    expect(oldNames).toEqual(['min pass_rate @ benchmark [a1]', 'regression codes_match @ benchmark [a1]']);
    expect(newNames).toEqual([
      'min judge @ benchmark [a1]',
      'min pass_rate @ benchmark [a1]',
      'regression codes_match @ benchmark [a1]',
    ]);
  });

  it('tells two gates that check the same thing apart, keeping names unique in the suite', () => {
    const lock = baselineLock();
    lock.gates = [gate('pass_rate', 'a1', 'min'), gate('pass_rate', 'a1', 'min', false)];
    const names = gateNames(renderReports({ lock })['junit.xml']);
    expect(names).toEqual(['min pass_rate @ benchmark [a1]', 'min pass_rate @ benchmark [a1] #2']);
  });

  it("puts what the agent answered in a failed metric's <failure> body", () => {
    const lock = baselineLock();
    const failed = lock.results.find((r) => Object.values(r.metrics).some((m) => m.pass === false));
    const invokeKey = failed?.invoke?.[0];
    expect(invokeKey).toBeDefined();
    const xml = renderReports({
      lock,
      trajectories: { [invokeKey ?? '']: { candidates: { answer: 'Stockhol', codes: ['CS1'] } } },
    })['junit.xml'];
    const name = `${failed?.example} · `;
    const start = xml.indexOf(`name="${name}`);
    const body = xml.slice(start, xml.indexOf('</testcase>', start));
    expect(body).toContain('<failure');
    expect(body).toContain('got: answer: Stockhol; codes: [&quot;CS1&quot;]');
  });
});

describe('report.md says why an example failed', () => {
  it("shows a failed judge metric's rationale, on one line", () => {
    const lock = baselineLock();
    const row = lock.results.find((r) => r.metrics.judge?.pass === false);
    const judge = row?.metrics.judge;
    const key = judge?.key ?? judge?.keys?.[0];
    expect(key).toBeDefined();
    const md = renderReports({
      lock,
      judgeRationales: { [key ?? '']: 'Names a course\nthat does not exist.' },
    })['report.md'];
    expect(md).toContain(`\`judge\` (Names a course that does not exist.)`);
  });

  it('shows the answer when no failed metric says why, and not when one does', () => {
    const lock = baselineLock();
    const failing = lock.results.filter((r) => r.pass === false && (r.errors ?? []).length === 0);
    expect(failing.length).toBeGreaterThan(1);
    const [first, second] = failing;
    const trajectories = {
      [first?.invoke?.[0] ?? '']: { candidates: { answer: 'Stockhol' } },
      [second?.invoke?.[0] ?? '']: { candidates: { answer: 'Hidden answer' } },
    };
    const [secondMetric] = Object.entries(second?.metrics ?? {}).find(([, m]) => m.pass === false) ?? [];
    const secondKey =
      second?.metrics[secondMetric ?? '']?.key ?? second?.metrics[secondMetric ?? '']?.keys?.[0];
    const md = renderReports({
      lock,
      trajectories,
      failureDetails: { [secondKey ?? '']: { missing: ['CS360'] } },
    })['report.md'];
    const line = (example: string | undefined, group: string | undefined) =>
      md.split('\n').find((l) => l.includes(`/${example} —`) && l.includes(`\`${group?.split('/')[0]}\``)) ??
      '';
    expect(line(first?.example, first?.group)).toMatch(/ · got answer: Stockhol$/);
    expect(line(second?.example, second?.group)).toContain('(missing: CS360)');
    expect(md).not.toContain('Hidden answer');
  });
});

describe('report.md / diff md gate changes', () => {
  it('folds regression gates that were skipped in the baseline run and pass now into one line', () => {
    const old = baselineLock();
    old.gates = [
      { ...gate('codes_match', 'a1', 'regression'), skipped: true, actual: null },
      { ...gate('codes_match', 'a2', 'regression'), skipped: true, actual: null },
      gate('pass_rate', 'a2', 'min'),
    ];
    const now = baselineLock();
    now.gates = [
      gate('codes_match', 'a1', 'regression'),
      gate('codes_match', 'a2', 'regression', false),
      gate('pass_rate', 'a2', 'min', false),
    ];
    const md = renderMarkdownDiff(diffLocks(old, now));
    expect(md).toContain('**Gates that changed (2)**');
    expect(md).toContain('- ❌ regression `codes_match` at `benchmark` (`a2`): skipped → failed');
    expect(md).toContain('- ❌ min `pass_rate` at `benchmark` (`a2`): passed → failed');
    expect(md).not.toContain('(`a1`): skipped → passed');
    expect(md).toContain('_1 gate skipped in the baseline run (no baseline of its own) passed in this one._');
  });
});

describe('summarizeCandidates', () => {
  it('writes candidates in key order on one line and never cuts an emoji in half', () => {
    expect(summarizeCandidates({ codes: ['CS1'], answer: 'two\nlines' })).toBe(
      'answer: two lines; codes: ["CS1"]',
    );
    expect(summarizeCandidates({})).toBeUndefined();
    expect(summarizeCandidates(undefined)).toBeUndefined();
    const cut = summarizeCandidates({ answer: `${'x'.repeat(7)}😀😀` }, 17) ?? '';
    expect(cut).toBe(`answer: ${'x'.repeat(7)}…`);
    expect(/[\uD800-\uDFFF]/.test(cut.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ''))).toBe(false);
  });
});
