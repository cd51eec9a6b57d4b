/**
 * QA346: the key maskers of QA335 hid names that merely look long. A camelCase var of 24 letters or
 * more, `{{conversationHistoryForEvaluation}}`, read as a Hugging Face key (24 letters of any case):
 * 'template fails …: "…" is not defined', hinted to put a secret in a header, so the var a dataset
 * lacks could not be seen. A url's password holding a `$`, `http://u:$uperSecret2024@h/v1`, was
 * refused as a key written shell-style, though a url's `user:password@` is never sent nor recorded
 * (EVALC_URL_CREDENTIALS warns). Keys stay hidden: `{{hf_AbCd…}}`, `$ghp_…` in the url's path.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';
import { keyedRefsSaid } from '../../src/compiler/keyed-refs-said.js';
import { runCommand } from '../cli/run-cli.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function validate(url: string, input: string, json = false) {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa346-'));
  dirs.push(dir);
  writeFileSync(
    path.join(dir, 'd.jsonl'),
    '{"id":1,"vars":{"conversationHistoryForEvaluation":"x"},"expected":"y"}\n{"id":2,"vars":{"other":"x"},"expected":"y"}\n',
  );
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1\nbenchmark: { id: b }\nagents:\n  a1: { protocol: http, url: "${url}" }\ntasks:\n  t:\n    bindings: { default: { input: { q: "${input}" }, output: { answer: answer } } }\n    datasets: { d: { source: d.jsonl } }\n    metrics: [ { type: exact_match } ]\n`,
  );
  const result = await runCommand(validateCommand, json ? ['evalc.yaml', '--json'] : ['evalc.yaml'], {
    cwd: dir,
  });
  return { ...result, out: result.stdout + result.stderr };
}

it('names a long camelCase var an example lacks, message and hint, text and --json', async () => {
  for (const json of [false, true]) {
    const { code, out } = await validate(
      'http://127.0.0.1:9/v1',
      '{{conversationHistoryForEvaluation}}',
      json,
    );
    expect(code).toBe(65);
    expect(out).toMatch(/"conversationHistoryForEvaluation\\?" is not defined/);
    expect(out).toContain('lack `conversationHistoryForEvaluation`');
    expect(out).toContain('{{/if}}');
  }
});

it('still hides a key pasted as a var, a Hugging Face token of letters alone', async () => {
  const key = 'hf_AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEfGh';
  const { code, out } = await validate('http://127.0.0.1:9/v1', `{{${key}}}`);
  expect(code).toBe(65);
  expect(out).toContain('"…" is not defined');
  expect(out).not.toContain('MnOpQr');
  expect(keyedRefsSaid(`see {{${key}}} and {{#if x}}…{{/if}}`)).toBe('see {{…}} and {{#if x}}…{{/if}}');
  expect(keyedRefsSaid('see {{conversationHistoryForEvaluation}}')).toBe(
    'see {{conversationHistoryForEvaluation}}',
  );
});

it("takes a url whose password holds a $ (warned as a url's credentials), refuses $ghp_… in its path", async () => {
  const ok = await validate('http://u:$uperSecret2024@127.0.0.1:9/v1', '{{other}}');
  expect(ok.out).not.toContain('EVALC_URL_INVALID');
  expect(ok.out).toContain('EVALC_URL_CREDENTIALS');
  expect(ok.out).not.toContain('uperSecret2024');
  const bad = await validate(
    'http://u:pw@127.0.0.1:9/$ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789/v1',
    '{{conversationHistoryForEvaluation}}',
  );
  expect(bad.out).toContain('holds a key written shell-style');
  expect(bad.out).not.toContain('MnOpQr');
});

it("shows a template's blocks and a dashed var in the excerpt and message, stars a key in a block's tag", async () => {
  const key = 'ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
  const { code, out } = await validate(
    'http://127.0.0.1:9/v1',
    `{{#if other}}a{{/if}} {{~#if other~}}b{{~/if~}} {{first-name}} {{#each ${key}}}x{{/each}}`,
  );
  expect(code).toBe(65);
  expect(out).toContain('"first-name" is not defined');
  expect(out).toContain('q: "{{#if other}}a{{/if}} {{~#if other~}}b{{~/if~}} {{first-name}} ***');
  expect(out).not.toContain('MnOpQr');
});

it("quotes a long camelCase name in a template's compile error, says a key there …", async () => {
  const open = await validate('http://127.0.0.1:9/v1', '{{#each conversationHistoryForEvaluation}}x');
  expect(open.out).toContain('`{{#each conversationHistoryForEvaluation}}` is never closed');
  const partial = await validate('http://127.0.0.1:9/v1', '{{> conversationHistoryForEvaluation}}', true);
  expect(partial.out).toContain('partial \\"conversationHistoryForEvaluation\\" is not defined');
  const key = await validate('http://127.0.0.1:9/v1', '{{#each ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789}}x');
  expect(key.out).toContain('`{{#each …}}` is never closed');
  expect(key.out).not.toContain('MnOpQr');
});
