/**
 * QA25 (mutation audit → fix): a regex metric's flags are plan text, so invalid flags are a plan
 * error even when the pattern comes from the dataset (expected:). Before, validation skipped the
 * flags without a `pattern:` and every example then failed with metric_error at apply.
 * (ECMAScript: "q" is no RegExp flag, and "ii" repeats one — both throw a SyntaxError.)
 */
import { describe, expect, it } from 'vitest';
import { resolveMetric } from '../../src/metrics/registry.js';

function issuesOf(config: Record<string, unknown>) {
  const r = resolveMetric(config);
  return r.ok ? [] : r.issues.map((i) => ({ path: i.path, message: i.message }));
}

describe('regex flags are checked when the plan is validated', () => {
  it('rejects invalid flags with the pattern in the dataset, at path flags', () => {
    const issues = issuesOf({ type: 'regex', expected: 'pattern', flags: 'q' });
    expect(issues).toHaveLength(1);
    expect(issues[0]?.message).toMatch(/^regex: invalid regular expression: Invalid flags/);
    expect(JSON.stringify(issues[0]?.path)).toContain('flags');
    expect(issuesOf({ type: 'regex', expected: 'pattern', flags: 'ii' })).toHaveLength(1);
  });

  it('still reports an invalid written pattern at path pattern, and accepts valid flags', () => {
    const issues = issuesOf({ type: 'regex', pattern: '(' });
    expect(issues).toHaveLength(1);
    expect(JSON.stringify(issues[0]?.path)).toContain('pattern');
    expect(issuesOf({ type: 'regex', expected: 'pattern', flags: 'gi' })).toEqual([]);
    expect(issuesOf({ type: 'regex', expected: 'pattern' })).toEqual([]);
  });
});
