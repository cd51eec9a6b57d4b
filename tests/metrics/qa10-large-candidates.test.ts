/**
 * exact_match (set mode) and contains on large candidates (QA10): set mode compared two lists with
 * Array.includes (20,000 ids against 20,000: seconds per example) and contains normalised the whole
 * candidate again for every value looked for. Same results, linear work.
 */
import { describe, expect, it } from 'vitest';
import { scoreExample } from '../../src/metrics/score-example.js';
import { metric, scoreInput } from './helpers.js';

async function score(m: ReturnType<typeof metric>, candidates: Record<string, unknown>, expected: unknown) {
  const r = await scoreExample({ repeat: 0, metrics: [m], input: scoreInput({ candidates, expected }) });
  return Object.values(r.results)[0];
}

describe('metrics on large candidates', () => {
  it('exact_match set mode on 40,000 ids: the same missing/extra, in well under a second', async () => {
    const expected = Array.from({ length: 40_000 }, (_, i) => `id-${i}`);
    const candidate = [...expected.slice(2), 'x-1', 'x-2'];
    const started = performance.now();
    const r = await score(metric({ type: 'exact_match', mode: 'set' }), { answer: candidate }, expected);
    expect(performance.now() - started).toBeLessThan(1500); // Array.includes: ~4 s
    expect(r?.score).toBe(0);
    expect(r?.details).toMatchObject({ missing: ['id-0', 'id-1'], extra: ['x-1', 'x-2'] });
    const same = await score(
      metric({ type: 'exact_match', mode: 'set' }),
      { answer: [...expected].reverse() },
      expected,
    );
    expect(same?.score).toBe(1);
  });

  it('contains: 200 values in a 2 MB reply, and in a list reply, found as before', async () => {
    const values = Array.from({ length: 200 }, (_, i) => `Word${i}`);
    const reply = `${'lorem ipsum '.repeat(170_000)} ${values.slice(0, 150).join(' ')}`;
    const started = performance.now();
    const r = await score(metric({ type: 'contains', value: values }), { answer: reply }, undefined);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(r?.score).toBeCloseTo(0.75, 10);
    expect(r?.details).toMatchObject({ missing: values.slice(150) });
    const list = await score(
      metric({ type: 'contains', value: values }),
      { answer: values.slice(0, 50) },
      undefined,
    );
    expect(list?.score).toBeCloseTo(0.25, 10);
  });
});
