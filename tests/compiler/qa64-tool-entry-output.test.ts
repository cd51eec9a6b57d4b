/**
 * QA64: DESIGN §2 writes a mae tool mock as `{ get_course: { output: {…} } }` or a list of
 * `{ when: {params}, output }`. Two partial forms were accepted silently and answered calls the
 * author did not mean: a list entry with `when:` but no `output:` answered its matching calls with
 * the entry itself (`{"when": {...}}`), and a `when:` beside `output:` outside a list was dropped,
 * so the output answered every call. Both are refused at their line, saying what to write.
 */
import { describe, expect, it } from 'vitest';
import { loadDatasetPlan } from './plan-helpers.js';

const messages = async (file: string, text: string) =>
  (await loadDatasetPlan(file, { [file]: text })).diagnostics
    .filter((d) => d.code !== 'EVALC_EXAMPLE_UNUSED_KEY')
    .map((d) => `${d.source?.line}:${d.source?.col} ${d.code} ${d.message}`);

describe('tool mock entries of an example (QA64)', () => {
  it('refuses a list entry with when but no output, naming output', async () => {
    const rows = [
      {
        id: 'ok',
        vars: { q: 'x' },
        tools: { get_course: [{ when: { code: 'A' }, output: { t: 1 } }, { output: 2 }] },
      },
      { id: 'bad', vars: { q: 'x' }, tools: { get_course: [{ when: { code: 'A' } }] } },
    ].map((r) => JSON.stringify(r));
    const got = await messages('d.jsonl', `${rows.join('\n')}\n`);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(/^2:\d+ EVALC_EXAMPLE_INVALID invalid example \(tools\.get_course\.0\): /);
    expect(got[0]).toContain('add output:');
  });

  it('refuses when beside output outside a list, naming the list form', async () => {
    const rows = [
      { id: 'ok', vars: { q: 'x' }, tools: { get_course: { output: { t: 1 } } } },
      { id: 'bad', vars: { q: 'x' }, tools: { get_course: { when: { code: 'A' }, output: { t: 1 } } } },
    ].map((r) => JSON.stringify(r));
    const got = await messages('d.jsonl', `${rows.join('\n')}\n`);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(/^2:\d+ EVALC_EXAMPLE_INVALID invalid example \(tools\.get_course\.when\): /);
    expect(got[0]).toContain('get_course: [{ when, output }');
  });

  it('keeps a plain value as the output (no output key), as the sandbox documents', async () => {
    const rows = [{ id: 'ok', vars: { q: 'x' }, tools: { get_course: { title: 'ML' }, list: [1, 2] } }].map(
      (r) => JSON.stringify(r),
    );
    expect(await messages('d.jsonl', `${rows.join('\n')}\n`)).toEqual([]);
  });
});
