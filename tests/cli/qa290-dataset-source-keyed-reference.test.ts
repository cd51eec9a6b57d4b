/**
 * QA290: f8f4896c says a key pasted as the name of a `${env.…}` outside headers `${env…}` and stars
 * it in the excerpt, but a dataset source so written (`source: "${env.ghp_AbCd…}.jsonl"`) was also
 * 'dataset file not found: ${env.ghp_AbCdEf…}.jsonl', the key whole in validate's, lint's and
 * plan's message and in `validate --json`. It is said `${env…}` there too; a name as written.
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
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa290-'));
  dirs.push(dir);
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1\nbenchmark: { id: b }\nagents:\n  a1: { protocol: http, url: "http://127.0.0.1:9/" }\ntasks:\n  t:\n    bindings: { default: { input: { q: "{{q}}" }, output: { answer: answer } } }\n    datasets: { d: { source: "${source}" } }\n    metrics: [ { type: exact_match } ]\n`,
  );
  return runCommand(validateCommand, json ? ['evalc.yaml', '--json'] : ['evalc.yaml'], { cwd: dir });
}

it.each([false, true])(
  'says a key pasted as a dataset source reference ${env…} (--json %s)',
  async (json) => {
    const result = await validate(`\${env.${KEY}}.jsonl`, json);
    const out = result.stdout + result.stderr;
    expect(out).toContain('dataset file not found: ${env…}.jsonl');
    expect(out).not.toContain('MnOpQr');
  },
);

it('quotes a reference whose name is a name as written', async () => {
  const result = await validate('${env.DATA_DIR}/d.jsonl', false);
  expect(result.stdout + result.stderr).toContain('dataset file not found: ${env.DATA_DIR}/d.jsonl');
});
