/**
 * QA358: a diagnostic's excerpt showed whole a key in a template block or helper left open or closed
 * by one brace, `{{#each ghp_…}x`, `{{json ghp_…}`, `{{lookup . 'ghp_…'}`: a7dcd2d6 stars a key among
 * a closed block's words, and QA331 a one-word placeholder closed by one brace, but one of several
 * words so written was shown as typed under 'a `{{` is not closed with `}}`'. Its words are read as a
 * closed block's are; a block of names so written is shown as written.
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

async function validate(input: string, json: boolean) {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa358-'));
  dirs.push(dir);
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1\nbenchmark: { id: b }\nagents:\n  a1: { protocol: http, url: "http://127.0.0.1:9/v1" }\ntasks:\n  t:\n    bindings: { default: { input: ${JSON.stringify(input)}, output: { answer: answer } } }\n    datasets: { d: { examples: [ { id: e1, vars: { q: x } } ] } }\n    metrics: [ { type: exact_match } ]\n`,
  );
  const result = await runCommand(validateCommand, json ? ['evalc.yaml', '--json'] : ['evalc.yaml'], {
    cwd: dir,
  });
  return { code: result.code, out: result.stdout + result.stderr };
}

it.each([
  `{{json ${KEY}} {{nope}}`,
  `{{#if ${KEY}}x{{/if}}`,
  `{{#each ${KEY}}x`,
  `{{lookup . '${KEY}'}`,
  `{{#each ${KEY}`,
])('stars the key of a block left open or closed by one brace: %s', async (input) => {
  for (const json of [false, true]) {
    const { code, out } = await validate(input, json);
    expect(code).toBe(65);
    expect(out).toContain('EVALC_BIND_TEMPLATE_SYNTAX');
    expect(out.toLowerCase()).not.toContain('mnopqr');
  }
});

it.each([
  '{{#if q}x{{/if}}',
  '{{#each conversationHistoryForEvaluation}x',
  '{{json user} {{#each items}}{{this}}{{/each}}',
])('shows a block of names so written as written: %s', async (input) => {
  const { code, out } = await validate(input, false);
  expect(code).toBe(65);
  expect(out).toContain(`input: ${JSON.stringify(input)}`);
});
