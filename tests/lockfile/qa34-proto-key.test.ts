/**
 * QA34 F4: an agent reply's `__proto__` key (JSON.parse keeps it as an own key) must survive key
 * sorting as a key: `sortKeys` assigned it, which set the copy's prototype instead, so the key
 * vanished from report.json's trajectories and candidates while the cache kept it.
 */
import { describe, expect, it } from 'vitest';
import { sortedForJson, sortKeys } from '../../src/lockfile/serialize.js';

describe('sortKeys with a __proto__ key', () => {
  it('keeps __proto__ as an ordinary key, sorted with the others, and leaves the prototype alone', () => {
    const reply = JSON.parse(
      '{"output":{"answer":"A","__proto__":{"polluted":"yes"},"constructor":{"x":1}}}',
    );
    const sorted = sortKeys(reply) as { output: object };
    expect(JSON.stringify(sorted)).toBe(
      '{"output":{"__proto__":{"polluted":"yes"},"answer":"A","constructor":{"x":1}}}',
    );
    expect(Object.getPrototypeOf(sorted.output)).toBe(Object.prototype);
    expect((sorted.output as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('gives report.json the same text through sortedForJson', () => {
    const trajectory = JSON.parse('{"turns":1,"response":{"output":{"z":1,"__proto__":{"p":2}}}}');
    expect(JSON.stringify(sortedForJson(trajectory))).toBe(
      '{"response":{"output":{"__proto__":{"p":2},"z":1}},"turns":1}',
    );
  });
});
