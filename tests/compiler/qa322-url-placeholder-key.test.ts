/**
 * QA322: a key pasted as a placeholder in an agent's url, `?k={{env.ghp_AbCd…}}`, was quoted whole by
 * EVALC_URL_INVALID's 'holds a {{template}}' (validate, --json) above an excerpt that starred it. It is
 * said `{{env…}}` (`{{…}}` without `env.`); a placeholder holding a name, `{{id}}`, is quoted as written.
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

async function validate(url: string, json: boolean) {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa322-url-'));
  dirs.push(dir);
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1\nbenchmark: { id: b }\nagents:\n  a1: { protocol: http, url: "${url}" }\ntasks:\n  t:\n    bindings: { default: { input: { q: "{{q}}" }, output: { answer: answer } } }\n    datasets: { d: { examples: [ { id: e1, vars: { q: hi } } ] } }\n    metrics: [ { type: exact_match } ]\n`,
  );
  const result = await runCommand(validateCommand, json ? ['evalc.yaml', '--json'] : ['evalc.yaml'], {
    cwd: dir,
  });
  return result.stdout + result.stderr;
}

it.each([false, true])('says a key in a url placeholder {{env…}} (--json %s)', async (json) => {
  const out = await validate(`http://127.0.0.1:9/v1?k={{env.${KEY}}}&id={{ ${KEY} }}`, json);
  expect(out).toContain('holds a {{template}}');
  expect(out).toContain(json ? '?k={{env…}}&id={{…}}\\"' : '?k={{env…}}&id={{…}}"');
  expect(out).not.toContain('MnOpQr');
});

it('quotes a placeholder holding a name as written', async () => {
  expect(await validate('http://127.0.0.1:9/items/{{id}}/{{user_id}}', false)).toContain(
    'url "http://127.0.0.1:9/items/{{id}}/{{user_id}}" holds a {{template}}',
  );
});
