/**
 * QA346: a header named by a key pasted as a reference written otherwise than `${env.…}` passed
 * validate: `"$ghp_AbCd…": x` was sent as a header's name, and `"${env:ghp_…}"`, `"${ ghp_… }"`,
 * `"{{env.ghp_…}}"` failed each example at apply, 'header name "${env:ghp_abcd…}" is not a valid HTTP
 * header name', the key (lower-cased) in report.md, report.json, junit.xml and the step log. Each is
 * EVALC_SECRET_PLACEMENT as `${env.ghp_…}` is (cf761869), said without the key, message and --json path.
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

async function validate(name: string, json: boolean) {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa346-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'd.jsonl'), '{"id":1,"vars":{"q":"x"},"expected":"y"}\n');
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1\nbenchmark: { id: b }\nagents:\n  a1: { protocol: http, url: "http://127.0.0.1:9/v1", headers: { ${JSON.stringify(name)}: x } }\ntasks:\n  t:\n    bindings: { default: { input: { q: "{{q}}" }, output: { answer: answer } } }\n    datasets: { d: { source: d.jsonl } }\n    metrics: [ { type: exact_match } ]\n`,
  );
  const result = await runCommand(validateCommand, json ? ['evalc.yaml', '--json'] : ['evalc.yaml'], {
    cwd: dir,
  });
  return { code: result.code, out: result.stdout + result.stderr };
}

it.each([
  [`$${KEY}`, '$…'],
  [`$env:${KEY}`, '$env:…'],
  [`\${env:${KEY}}`, '${env…}'],
  [`\${ ${KEY} }`, '${…}'],
  [`{{env.${KEY}}}`, '{{env…}}'],
])('refuses a header named %s, said %s', async (name, said) => {
  for (const json of [false, true]) {
    const { code, out } = await validate(name, json);
    expect(code).toBe(65);
    expect(out).toContain('EVALC_SECRET_PLACEMENT');
    expect(out).toContain(`${said} in a key is not read from the environment`);
    expect(out.toLowerCase()).not.toContain('mnopqr');
  }
});

it('takes a header named by a word that reads as no key', async () => {
  expect((await validate('$HOME_DIR', false)).code).toBe(0);
  expect((await validate('x-conversationHistoryForEvaluation', false)).code).toBe(0);
});
