/**
 * QA328: a key pasted in a `{{…}}` placeholder left open, `{{env.ghp_AbCd…` (no `}}`), in an agent's
 * url or a dataset source was printed whole, in the message ('holds a {{template}}', 'dataset file
 * not found') and in the excerpt under it, terminal and --json: QA322 said and starred closed ones only.
 */
import { expect, it } from 'vitest';
import { PASTED_KEY, validatePastedKey } from '../fixtures/pasted-key-plan.js';

const KEY = PASTED_KEY;

async function validate(url: string, source: string, json: boolean) {
  const result = await validatePastedKey('evalc-qa328-', { url, source, quote: "'" }, json);
  return result.stdout + result.stderr;
}

it.each([
  [`http://127.0.0.1:9/?k={{env.${KEY}`, 'url "http://127.0.0.1:9/?k={{env…" holds a {{template}}'],
  [`http://127.0.0.1:9/?k={{ ${KEY}`, 'url "http://127.0.0.1:9/?k={{…" holds a {{template}}'],
])('says and stars a key in a placeholder left open in a url (%s)', async (url, said) => {
  for (const json of [false, true]) {
    const out = await validate(url, 'd.jsonl', json);
    expect(out).toContain(json ? said.replaceAll('"', '\\"') : said);
    expect(out).not.toContain('MnOpQr');
  }
});

it.each([
  [`{{env.${KEY}.jsonl`, 'dataset file not found: {{env…'],
  [`data/{{${KEY}.jsonl`, 'dataset file not found: data/{{…'],
])('says and stars a key in a placeholder left open in a dataset source (%s)', async (source, said) => {
  for (const json of [false, true]) {
    const out = await validate('http://127.0.0.1:9/', source, json);
    expect(out).toContain(said);
    expect(out).not.toContain('MnOpQr');
  }
});

it('quotes a placeholder left open that holds a name as written', async () => {
  expect(await validate('http://127.0.0.1:9/', '{{DATA_DIR/d.jsonl', false)).toContain(
    'dataset file not found: {{DATA_DIR/d.jsonl',
  );
  expect(await validate('http://127.0.0.1:9/?k={{user_id', 'd.jsonl', false)).toContain('?k={{user_id"');
});
