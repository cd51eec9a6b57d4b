/**
 * QA335: a key written shell-style in an agent's url, `http://127.0.0.1:9/$ghp_AbCd…/v1`, passed
 * validate without a word; apply sent it as those characters and recorded it whole in evalc.lock,
 * the reports, the step log and its transport_error message. It is EVALC_URL_INVALID, the url said
 * `$…`; a url without one is valid.
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

async function validate(url: string, json = false) {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa335-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'd.jsonl'), '{"id":1,"vars":{"q":"x"},"expected":"y"}\n');
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1\nbenchmark: { id: b }\nagents:\n  a1: { protocol: http, url: "${url}" }\ntasks:\n  t:\n    bindings: { default: { input: { q: "{{q}}" }, output: { answer: answer } } }\n    datasets: { d: { source: d.jsonl } }\n    metrics: [ { type: exact_match } ]\n`,
  );
  return runCommand(validateCommand, json ? ['evalc.yaml', '--json'] : ['evalc.yaml'], { cwd: dir });
}

it.each([`$${KEY}`, `$env:${KEY}`])('refuses a url holding %s, said $…', async (ref) => {
  for (const json of [false, true]) {
    const result = await validate(`http://127.0.0.1:9/${ref}/v1`, json);
    const out = result.stdout + result.stderr;
    expect(result.code).toBe(65);
    expect(out).toContain('EVALC_URL_INVALID');
    expect(out).toContain('holds a key written shell-style');
    expect(out).not.toContain('MnOpQr');
  }
});

it('takes a url without one', async () => {
  const result = await validate('http://127.0.0.1:9/v1/$metadata');
  expect(result.code).toBe(0);
});
