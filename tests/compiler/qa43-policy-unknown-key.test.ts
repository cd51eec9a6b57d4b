/**
 * QA43: a governance policy with a key the sandbox does not know (`max_amount` for `max_limit`,
 * `forbid` for `forbidden`) was accepted and ignored: the tool ran and `policy_adherence` scored
 * 1, so a governance example passed without any policy. Refused at its line, naming the key.
 */
import { describe, expect, it } from 'vitest';
import { loadDatasetPlan } from './plan-helpers.js';

const messages = async (file: string, text: string) =>
  (await loadDatasetPlan(file, { [file]: text })).diagnostics.map(
    (d) => `${d.source?.line}:${d.source?.col} ${d.code} ${d.message}`,
  );

describe('policy keys of an example (QA43)', () => {
  it('refuses a key that is no policy, and accepts the documented ones', async () => {
    const rows = [
      {
        id: 'ok',
        vars: { q: 'x' },
        policies: { refund: { max_limit: 50, param: 'amount', forbidden: false } },
      },
      { id: 'ok2', vars: { q: 'x' }, policies: { plan: { allowed_values: { tier: ['gold'] } } } },
      { id: 'typo', vars: { q: 'x' }, policies: { refund: { max_amount: 50 } } },
    ].map((r) => JSON.stringify(r));
    const got = await messages('d.jsonl', `${rows.join('\n')}\n`);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(/^3:\d+ EVALC_EXAMPLE_INVALID invalid example \(policies\.refund\.max_amount\): /);
    expect(got[0]).toContain('max_limit, forbidden, allowed_values, param');
  });
});
