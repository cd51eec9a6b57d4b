/**
 * QA259: evalc.lock records a RAIP agent's declared `version:` as `declaredVersion` only since
 * f3d9b6a (QA256). A lock written before it, of the same plan (declared 1.1.0 beside /info's
 * 1.0.0), left it out; `evalc diff old.lock evalc.lock` read "a1: declared version changed
 * 1.0.0 → 1.1.0", a version nobody bumped. The agent's digest covers the declared version, so an
 * equal digest is no change; a bump (the digest changes) is still named.
 */
import { describe, expect, it } from 'vitest';
import { compareLockPins } from '../../src/lockfile/diff-comparability.js';
import { baselineLock } from '../fixtures/locks/variants.js';

function locks() {
  const old = baselineLock();
  const now = baselineLock();
  const [agent] = Object.keys(now.agents).sort();
  if (!agent || !old.agents[agent] || !now.agents[agent]) throw new Error('fixture has no agent');
  old.agents[agent] = { ...old.agents[agent], version: '1.0.0' };
  now.agents[agent] = { ...now.agents[agent], version: '1.0.0', declaredVersion: '1.1.0' };
  return { old, now, agent, a: old.agents[agent], n: now.agents[agent] };
}

describe('a lock written before declaredVersion (QA259)', () => {
  it('is no declared-version change where the agent digest is the same', () => {
    const { old, now } = locks();
    const issues = compareLockPins(old, now).filter((i) => i.kind.startsWith('agent_'));
    expect(issues).toEqual([]);
  });

  it('still names a bump, whose digest changed', () => {
    const { old, now, agent, n } = locks();
    n.digest = 'cd'.repeat(32);
    const messages = compareLockPins(old, now).map((i) => i.message);
    expect(messages).toContain(`${agent}: declared version changed 1.0.0 → 1.1.0`);
    expect(old.agents[agent]?.digest).not.toBe(n.digest);
  });
});
