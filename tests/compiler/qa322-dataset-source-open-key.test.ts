/**
 * QA322: a key pasted as a reference in a dataset source and left open, `${env.ghp_AbCd….jsonl`, or
 * spaced, `${ ghp_…`, or in brackets or quotes, `${env["ghp_…"].jsonl`, was quoted whole in
 * 'dataset file not found' (validate, plan, apply, --json) above an excerpt that starred it: the
 * message said only a closed `${env.…}` / `${…}` (QA290, QA298). It is said `${env…` or `${…`; a
 * name left open is quoted as written.
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

async function validate(source: string, json: boolean) {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa322-'));
  dirs.push(dir);
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1\nbenchmark: { id: b }\nagents:\n  a1: { protocol: http, url: "http://127.0.0.1:9/" }\ntasks:\n  t:\n    bindings: { default: { input: { q: "{{q}}" }, output: { answer: answer } } }\n    datasets: { d: { source: '${source}' } }\n    metrics: [ { type: exact_match } ]\n`,
  );
  const result = await runCommand(validateCommand, json ? ['evalc.yaml', '--json'] : ['evalc.yaml'], {
    cwd: dir,
  });
  return result.stdout + result.stderr;
}

it.each([
  [`\${env["${KEY}"].jsonl`, 'dataset file not found: ${env….jsonl'],
  [`\${env[${KEY}].jsonl`, 'dataset file not found: ${env….jsonl'],
  [`\${env.${KEY}.jsonl`, 'dataset file not found: ${env…'],
  [`\${env:${KEY}.jsonl`, 'dataset file not found: ${env…'],
  [`data/\${ ${KEY}.jsonl`, 'dataset file not found: data/${…'],
  [`{{env.${KEY}}}.jsonl`, 'dataset file not found: {{env…}}.jsonl'],
])('says a key in a reference left open in a dataset source (%s)', async (source, said) => {
  for (const json of [false, true]) {
    const out = await validate(source, json);
    expect(out).toContain(json ? said.replaceAll('"', '\\"') : said);
    expect(out).not.toContain('MnOpQr');
  }
});

it('quotes a name left open as written', async () => {
  expect(await validate('${DATA_DIR/d.jsonl', false)).toContain('dataset file not found: ${DATA_DIR/d.jsonl');
});
