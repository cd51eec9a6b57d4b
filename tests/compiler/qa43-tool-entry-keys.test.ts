/**
 * QA43: a tool sandbox list entry with a misspelled key (`whne` for `when`: the entry then
 * answered every call; `result` for `output`: the output became the entry itself, `when`
 * included) was accepted silently. An entry that has `when` or `output` may have only those two.
 */
import { describe, expect, it } from 'vitest';
import { loadDatasetPlan } from './plan-helpers.js';

const messages = async (file: string, text: string) =>
  (await loadDatasetPlan(file, { [file]: text })).diagnostics.map(
    (d) => `${d.source?.line}:${d.source?.col} ${d.code} ${d.message}`,
  );

describe('tool sandbox list entries (QA43)', () => {
  it('refuses a key beside when/output, and keeps plain outputs and the documented forms', async () => {
    const rows = [
      {
        id: 'ok',
        vars: { q: 'x' },
        tools: { a: [{ when: { id: 1 }, output: 1 }, { output: 2 }, { plain: 3 }] },
      },
      { id: 'whne', vars: { q: 'x' }, tools: { a: [{ whne: { id: 1 }, output: 1 }] } },
      { id: 'result', vars: { q: 'x' }, tools: { a: [{ when: { id: 1 }, result: 1 }] } },
    ].map((r) => JSON.stringify(r));
    const got = await messages('d.jsonl', `${rows.join('\n')}\n`);
    expect(got).toHaveLength(2);
    expect(got[0]).toMatch(/^2:\d+ EVALC_EXAMPLE_INVALID invalid example \(tools\.a\.0\.whne\): /);
    expect(got[1]).toMatch(/^3:\d+ EVALC_EXAMPLE_INVALID invalid example \(tools\.a\.0\.result\): /);
    expect(got[1]).toContain('when, output');
  });
});
