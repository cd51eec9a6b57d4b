/**
 * QA357: 8eacf33b's EVALC_EXAMPLE_ID_UNICODE_FORM quoted both ids whole, spelled with their code
 * points, and the first again as shown: two ids of 3,000 characters made one warning line of 45,000
 * (validate, plan, lint, apply's stderr). Each id is now quoted as a window of 40 code points from
 * 10 before where the two forms part, `…` where cut, and the shown id up to 60 characters.
 */
import { describe, expect, it } from 'vitest';
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
