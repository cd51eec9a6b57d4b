/**
 * An agent id is any ASCII word, so it may be `toString` or `valueOf`. The pins read from a lock
 * that does not hold such an agent must not find Object.prototype's function instead: its `name`
 * ('toString') would be pinned as the agent's name, and a pin would seem to exist (QA35).
 */
import { describe, expect, it } from 'vitest';
import { pinsOf } from '../../src/executor/locked-inputs.js';
import type { Lockfile } from '../../src/lockfile/types.js';

describe('pinsOf', () => {
  it('answers undefined for an agent id the lock does not hold, built-in names included', () => {
    const lock = {
      agents: { a1: { protocol: 'raip', version: '1.0.0', name: 'one' } },
    } as unknown as Lockfile;
    const pins = pinsOf(lock);
    expect(pins.a1).toEqual({ name: 'one', version: '1.0.0' });
    for (const id of ['toString', 'valueOf', 'constructor', 'hasOwnProperty', '__proto__'])
      expect(pins[id], id).toBeUndefined();
    expect(pinsOf(undefined).toString).toBeUndefined();
  });
});
