/**
 * QA357: 8eacf33b's EVALC_EXAMPLE_ID_UNICODE_FORM quoted both ids whole, spelled with their code
 * points, and the first again as shown: two ids of 3,000 characters made one warning line of 45,000
 * (validate, plan, lint, apply's stderr). Each id is now quoted as a window of 40 code points from
 * 10 before where the two forms part, `…` where cut, and the shown id up to 60 characters.
 */
import { describe, expect, it } from 'vitest';
import { NormalFormIds } from '../../src/compiler/id-normal-form-check.js';
import type { SourcePosition } from '../../src/plan/diagnostic.js';
import { loadDatasetPlan } from './plan-helpers.js';

const row = (id: string) => JSON.stringify({ id, vars: { q: 'a' } });
const warned = async (ids: string[]) =>
  (await loadDatasetPlan('d.jsonl', { 'd.jsonl': `${ids.map(row).join('\n')}\n` })).diagnostics
    .filter((d) => d.code === 'EVALC_EXAMPLE_ID_UNICODE_FORM')
    .map((d) => d.message);

describe('long example ids in two Unicode forms', () => {
  it('are quoted where they part, not whole', async () => {
    const id = `${'x'.repeat(3000)}café and more text after it`;
    const [message, ...rest] = await warned([id, id.normalize('NFD')]);
    expect(rest).toEqual([]);
    expect(message).toBe(
      `example id "…${'x'.repeat(7)}cafe\\u0301 and more text after it" is "…${'x'.repeat(7)}caf\\u00e9 and more text after it" of d.jsonl:1 in another Unicode form: two examples that the reports and evalc diff show alike, as "${'x'.repeat(60)}…"`,
    );
  });

  it('of 3,000 accented letters give a short line', async () => {
    const id = '\u00e9'.repeat(3000);
    const [message] = await warned([id, id.normalize('NFD')]);
    expect(message!.length).toBeLessThan(700);
    expect(message).toContain(`example id "${'e\\u0301'.repeat(20)}…" is "${'\\u00e9'.repeat(40)}…"`);
  });

  it('short ids are still quoted whole', async () => {
    expect(await warned(['caf\u00e9', 'cafe\u0301'])).toEqual([
      'example id "cafe\\u0301" is "caf\\u00e9" of d.jsonl:1 in another Unicode form: two examples that the reports and evalc diff show alike, as "café"',
    ]);
  });
});

describe('ids in NFC (nearly all)', () => {
  it('are not kept a second time, and each other form is still said against the first', async () => {
    // QA357: every id was kept again by form, 7% of validate's CPU on 100,000 ASCII ids.
    const checker = new NormalFormIds();
    const seen = new Map<string, SourcePosition>();
    const add = (id: string, line: number) => {
      const where = { file: 'd.jsonl', line, col: 1 };
      seen.set(id, where);
      checker.add(id, where, [], seen);
    };
    for (let i = 0; i < 1000; i++) add(i % 2 === 0 ? `ex-${i}` : `caf\u00e9-${i}`, i + 1);
    expect((checker as unknown as { byForm: Map<string, unknown> }).byForm.size).toBe(0);
    expect(checker.diagnostics([])).toEqual([]);
    // a form not in NFC first, the NFC one, another order of the same marks: both said against line 1
    const ids = ['e\u0301\u0323', '\u1eb9\u0301', 'e\u0323\u0301'];
    const messages = await warned(ids);
    expect(messages.map((m) => /of d\.jsonl:(\d+)/.exec(m)?.[1])).toEqual(['1', '1']);
  });
});
