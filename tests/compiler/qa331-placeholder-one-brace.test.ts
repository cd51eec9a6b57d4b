/**
 * QA331: a key pasted in a `{{…}}` placeholder closed by one brace, `{{env.ghp_AbCd…}` (a typo for
 * `}}`), in an agent's url or a dataset source was printed whole, in the message ('holds a
 * {{template}}', 'dataset file not found') and in the excerpt under it, terminal and --json: QA328
 * said and starred one left open, and one closed by `}}`, not this one. Said `{{env…}`, starred.
 */
import { expect, it } from 'vitest';
import { PASTED_KEY, validatePastedKey } from '../fixtures/pasted-key-plan.js';

const KEY = PASTED_KEY;

async function validate(url: string, source: string, json: boolean) {
  const result = await validatePastedKey('evalc-qa331-', { url, source, quote: "'" }, json);
  return result.stdout + result.stderr;
}

it.each([
  [`http://127.0.0.1:9/?k={{env.${KEY}}`, 'url "http://127.0.0.1:9/?k={{env…}" holds a {{template}}'],
  [`http://127.0.0.1:9/?k={{${KEY}}&x=1`, 'url "http://127.0.0.1:9/?k={{…}&x=1" holds a {{template}}'],
])('says and stars a key in a placeholder closed by one brace in a url (%s)', async (url, said) => {
  for (const json of [false, true]) {
    const out = await validate(url, 'd.jsonl', json);
    expect(out).toContain(json ? said.replaceAll('"', '\\"') : said);
    expect(out).not.toContain('MnOpQr');
  }
});

it('says and stars one in a dataset source, and quotes a name so closed as written', async () => {
  for (const json of [false, true]) {
    const out = await validate('http://127.0.0.1:9/', `{{env.${KEY}}.jsonl`, json);
    expect(out).toContain('dataset file not found: {{env…}.jsonl');
    expect(out).not.toContain('MnOpQr');
  }
  expect(await validate('http://127.0.0.1:9/', 'data/{{DATA_DIR}/d.jsonl', false)).toContain(
    'dataset file not found: data/{{DATA_DIR}/d.jsonl',
  );
});
