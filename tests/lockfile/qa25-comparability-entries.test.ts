/**
 * QA25 (mutation audit): `evalc diff` lists datasets (agents, judges) that only one of the two
 * lockfiles pins as added / removed, in id order whichever lock has them — neither a removed nor
 * an added dataset was in any in-process test (comparing field by field against a missing entry
 * threw, and dropping the sort reordered the list, and no test noticed).
 */
import { describe, expect, it } from 'vitest';
import { compareLockPins } from '../../src/lockfile/diff-comparability.js';
import { baselineLock } from '../fixtures/locks/variants.js';

describe('datasets pinned by only one lockfile', () => {
  it('lists an added and a removed dataset, in id order, with the sha256 each pins', () => {
    const old = baselineLock();
    const now = baselineLock();
    const [first] = Object.keys(old.datasets).sort();
    const gone = old.datasets[first ?? ''];
    if (!first || !gone) throw new Error('fixture has no dataset');
    delete now.datasets[first];
    // '0-new' sorts before every fixture id ('0' < 'a'), but is met last in a union of keys
    now.datasets['0-new'] = { ...gone, sha256: 'ab'.repeat(32) };
    const issues = compareLockPins(old, now).filter((i) => i.kind.startsWith('dataset_'));
    expect(issues.map((i) => [i.kind, i.subject, i.severity])).toEqual([
      ['dataset_added', '0-new', 'warning'],
      ['dataset_removed', first, 'warning'],
    ]);
    // 12 digits and `…` in the message (QA273); old/new keep the whole sha256.
    expect(issues[0]?.message).toBe(`0-new: dataset added (${'ab'.repeat(6)}…)`);
    expect(issues[1]?.message).toBe(`${first}: dataset removed (was ${gone.sha256.slice(0, 12)}…)`);
    expect([issues[0]?.new, issues[1]?.old]).toEqual(['ab'.repeat(32), gone.sha256]);
  });

  it('lists an agent only the new lockfile has as info, not as a confound', () => {
    const old = baselineLock();
    const now = baselineLock();
    const [agent] = Object.keys(now.agents).sort();
    const pinned = now.agents[agent ?? ''];
    if (!agent || !pinned) throw new Error('fixture has no agent');
    delete old.agents[agent];
    const issues = compareLockPins(old, now).filter((i) => i.kind.startsWith('agent_'));
    expect(issues).toEqual([
      {
        kind: 'agent_added',
        severity: 'info',
        subject: agent,
        old: null,
        new: pinned.protocol,
        message: `${agent}: agent added (${pinned.protocol})`,
      },
    ]);
  });
});
