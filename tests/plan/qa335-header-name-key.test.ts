/**
 * QA335: a header *name* written as a reference whose name is a key pasted in its place,
 * `headers: { "${env.ghp_AbCd…}": x }`, was refused 'EVALC_SECRET_PLACEMENT: ${env.ghp_AbCd…} in a
 * key is not read from the environment', the key whole in validate's message and, in --json, in
 * the message and the diagnostic's path. Both say `${env…}`; a name is quoted as written.
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

async function validate(header: string, json: boolean) {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa335-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'd.jsonl'), '{"id":1,"vars":{"q":"x"},"expected":"y"}\n');
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1\nbenchmark: { id: b }\nagents:\n  a1: { protocol: http, url: "http://127.0.0.1:9/", headers: { "${header}": x } }\ntasks:\n  t:\n    bindings: { default: { input: { q: "{{q}}" }, output: { answer: answer } } }\n    datasets: { d: { source: d.jsonl } }\n    metrics: [ { type: exact_match } ]\n`,
  );
  return runCommand(validateCommand, json ? ['evalc.yaml', '--json'] : ['evalc.yaml'], { cwd: dir });
}

it('says a key as a header name ${env…} in the message and its excerpt', async () => {
  const result = await validate(`\${env.${KEY}}`, false);
  const out = result.stdout + result.stderr;
  expect(out).toContain('evalc.yaml:4:64: error EVALC_SECRET_PLACEMENT: ${env…} in a key is not read');
  expect(out).not.toContain('MnOpQr');
});

it('says it ${env…} in --json, message and path', async () => {
  const result = await validate(`x-\${env.${KEY}}`, true);
  const json = JSON.parse(result.stdout) as {
    diagnostics: { code: string; message: string; path: string[] }[];
  };
  const d = json.diagnostics.find((x) => x.code === 'EVALC_SECRET_PLACEMENT');
  expect(d?.message).toBe('${env…} in a key is not read from the environment');
  expect(d?.path).toEqual(['agents', 'a1', 'headers', 'x-${env…}']);
  expect(result.stdout + result.stderr).not.toContain('MnOpQr');
});

it('quotes a name as written', async () => {
  const result = await validate('${env.HEADER_NAME}', true);
  expect(result.stdout).toContain('"${env.HEADER_NAME} in a key is not read from the environment"');
  expect(result.stdout).toContain('"${env.HEADER_NAME}"');
});
