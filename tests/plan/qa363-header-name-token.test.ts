/**
 * QA363: a header name that is no HTTP token passed validate; apply then failed every example
 * 'header name "…" is not a valid HTTP header name', and a name holding a key — a whole header line
 * pasted as the name (`"x-api-key: ghp_…": x`), a command substitution (`"$(ghp_…)": x`) — put the
 * key, lower-cased, into every report and the step log. Validate refuses such a name at
 * file:line:col, never quoting the key (message, excerpt, --json path).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';
import { runCommand } from '../cli/run-cli.js';
import { tempFolder } from '../fixtures/temp-folder.js';

const KEY = 'ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';

async function validate(name: string, json: boolean, owner: 'agent' | 'judge' = 'agent') {
  const dir = tempFolder('evalc-qa363-');
  const headers = `headers: { ${JSON.stringify(name)}: x }`;
  const agent = `  a1: { protocol: http, url: "http://127.0.0.1:9/v1"${owner === 'agent' ? `, ${headers}` : ''} }\n`;
  const judge =
    owner === 'judge'
      ? `judges:\n  j: { protocol: openai, url: "http://127.0.0.1:9/v1", model: m, ${headers} }\n`
      : '';
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1\nbenchmark: { id: b }\nagents:\n${agent}${judge}tasks:\n  t:\n    bindings: { default: { input: "{{q}}", output: { answer: answer } } }\n    datasets: { d: { examples: [ { id: e1, vars: { q: x } } ] } }\n    metrics: [ { type: exact_match } ]\n`,
  );
  const result = await runCommand(validateCommand, json ? ['evalc.yaml', '--json'] : ['evalc.yaml'], {
    cwd: dir,
  });
  return { code: result.code, out: result.stdout + result.stderr };
}

it.each([
  [`x-api-key: ${KEY}`, 'agent'],
  [`$(${KEY})`, 'agent'],
  [`Authorization Bearer ${KEY}`, 'judge'],
] as const)('refuses a header named %s (on an %s), the key unsaid', async (name, owner) => {
  for (const json of [false, true]) {
    const { code, out } = await validate(name, json, owner);
    expect(code).toBe(65);
    expect(out).toContain('a header name that holds a key is not a valid HTTP header name');
    expect(out).not.toMatch(/MnOpQr/i);
    if (!json) expect(out).toMatch(/evalc\.yaml:\d+:\d+: error EVALC_SCHEMA_INVALID/);
  }
});

it('refuses a name of a blank, quoting it; keeps a token name', async () => {
  const bad = await validate('bad header', false);
  expect(bad.code).toBe(65);
  expect(bad.out).toContain('evalc.yaml:4:');
  expect(bad.out).toContain('header name "bad header" is not a valid HTTP header name');
  const good = await validate("x-api_key.v2!#$%&'*+^`|~", false);
  expect(good.code).toBe(0);
});
