/**
 * QA16: `evalc diff main.lock pr.lock` in a pull request must say what the PR changed. A PR that
 * edited a prompt template showed four pass → fail flips and nothing about why (the plan digest and
 * the group's input digest differ in the locks); a PR that changed one threshold printed both
 * metric configs whole, as escaped JSON, instead of `threshold 0.6 → 0.85`.
 */
import { describe, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import { compareLockPins } from '../../src/lockfile/diff-comparability.js';
import { renderMarkdownDiff, renderTextDiff } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';

describe('what changed between two runs', () => {
  it('lists an edited plan and the groups whose input or extraction changed, as info', () => {
    const old = baselineLock();
    const now = baselineLock();
    now.plan.digest = `f${old.plan.digest.slice(1)}`;
    const gid = Object.keys(now.groups).sort()[0] ?? '';
    const group = now.groups[gid];
    expect(group).toBeDefined();
    if (group) {
      group.inputDigest = `changed-${group.inputDigest}`;
      group.outputDigest = `changed-${group.outputDigest}`;
    }
    const issues = compareLockPins(old, now);
    expect(issues.map((i) => [i.kind, i.severity, i.subject])).toEqual([
      ['plan', 'info', 'plan'],
      ['group_input', 'info', gid],
      ['group_output', 'info', gid],
    ]);
    expect(issues[1]?.message).toBe(
      `${gid}: input changed (template or instructions, bindings.${group?.binding}.input)`,
    );
    const diff = diffLocks(old, now);
    expect(diff.comparable).toBe(true);
    const md = renderMarkdownDiff(diff);
    expect(md).toContain('What changed between the runs:\n- plan: evalc.yaml');
    expect(md).not.toContain('[!WARNING]');
    expect(renderTextDiff(diff)).toContain(`· ${gid}: output extraction changed`);
  });

  it('reports nothing for two identical locks', () => {
    expect(compareLockPins(baselineLock(), baselineLock())).toEqual([]);
  });

  it('names only the metric config fields that changed, keeping the whole configs in old/new', () => {
    const old = baselineLock();
    const now = baselineLock();
    let subject = '';
    for (const g of Object.values(now.groups)) {
      for (const [id, m] of Object.entries(g.metrics)) {
        if (m.type !== 'pass_rate' && subject === '') subject = `${g.task}/${id}`;
        if (`${g.task}/${id}` === subject) m.config = { ...m.config, threshold: 0.85 };
      }
    }
    const issue = compareLockPins(old, now).find((i) => i.kind === 'metric_config');
    expect(issue?.subject).toBe(subject);
    expect(issue?.severity).toBe('warning');
    expect(issue?.message).toMatch(
      new RegExp(`^${subject}: config changed: threshold \\(unset\\) → 0\\.85$`),
    );
    expect(issue?.new).toContain('"threshold":0.85');
  });
});

describe('volatile durations in a pull request diff', () => {
  function withDurations(mean: number, p50: number, tokens: number) {
    const lock = baselineLock();
    const gid = Object.keys(lock.groups).sort()[0] ?? '';
    lock.volatile = { [gid]: { durationMsMean: mean, durationMsP50: p50, tokens } };
    return lock;
  }

  it('leaves a few milliseconds of jitter within tolerance, whatever the ratio', () => {
    const diff = diffLocks(withDurations(6, 5, 100), withDurations(9, 8, 100));
    expect(diff.volatile.filter((v) => !v.withinTolerance)).toEqual([]);
    expect(renderMarkdownDiff(diff)).not.toContain('Volatile figures outside');
  });

  it('still flags a real slowdown of a fast agent, and tokens keep the relative tolerance', () => {
    const diff = diffLocks(withDurations(6, 5, 100), withDurations(40, 38, 103));
    const out = diff.volatile.filter((v) => !v.withinTolerance).map((v) => v.field);
    expect(out).toEqual(['durationMsMean', 'durationMsP50']);
    const tokens = diffLocks(withDurations(6, 5, 100), withDurations(6, 5, 104)).volatile;
    expect(tokens.find((v) => v.field === 'tokens')?.withinTolerance).toBe(true);
    const moreTokens = diffLocks(withDurations(6, 5, 10), withDurations(6, 5, 14)).volatile;
    expect(moreTokens.find((v) => v.field === 'tokens')?.withinTolerance).toBe(false);
  });
});
