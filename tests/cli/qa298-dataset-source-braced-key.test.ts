/**
 * QA298: acbe38de says a key pasted as a `${env.…}` name in a dataset source `${env…}` in 'dataset
 * file not found', but a key typed in braces without `env.` (`source: "${ghp_AbCd…}.jsonl"`), whose
 * excerpt is starred and whose EVALC_SECRET_SYNTAX message says `${…}`, was still quoted whole in
 * that message, in validate and `validate --json`. It is said `${…}`; a name in braces as written.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';
import { runCommand } from './run-cli.js';

const KEY = 'ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function validate(source: string, json: boolean) {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa298-'));
  dirs.push(dir);
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1\nbenchmark: { id: b }\nagents:\n  a1: { protocol: http, url: "http://127.0.0.1:9/" }\ntasks:\n  t:\n    bindings: { default: { input: { q: "{{q}}" }, output: { answer: answer } } }\n    datasets: { d: { source: "${source}" } }\n    metrics: [ { type: exact_match } ]\n`,
  );
  return runCommand(validateCommand, json ? ['evalc.yaml', '--json'] : ['evalc.yaml'], { cwd: dir });
}

it.each([false, true])('says a key typed in braces in a dataset source ${…} (--json %s)', async (json) => {
  const result = await validate(`data/\${${KEY}}.jsonl`, json);
  const out = result.stdout + result.stderr;
  expect(out).toContain('dataset file not found: data/${…}.jsonl');
  expect(out).not.toContain('MnOpQr');
});

it('quotes a name in braces as written', async () => {
  const result = await validate('${DATA_DIR}/d.jsonl', false);
  expect(result.stdout + result.stderr).toContain('dataset file not found: ${DATA_DIR}/d.jsonl');
});
