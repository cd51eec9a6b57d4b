/**
 * QA328: a key pasted in a `{{…}}` placeholder left open, `{{env.ghp_AbCd…` (no `}}`), in an agent's
 * url or a dataset source was printed whole, in the message ('holds a {{template}}', 'dataset file
 * not found') and in the excerpt under it, terminal and --json: QA322 said and starred closed ones only.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';
import { runCommand } from '../cli/run-cli.js';

const KEY = 'ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function validate(url: string, source: string, json: boolean) {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa328-'));
  dirs.push(dir);
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1\nbenchmark: { id: b }\nagents:\n  a1: { protocol: http, url: "${url}" }\ntasks:\n  t:\n    bindings: { default: { input: { q: "{{q}}" }, output: { answer: answer } } }\n    datasets: { d: { source: '${source}' } }\n    metrics: [ { type: exact_match } ]\n`,
  );
  const result = await runCommand(validateCommand, json ? ['evalc.yaml', '--json'] : ['evalc.yaml'], {
    cwd: dir,
  });
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
