/**
 * QA358: caa3b275 refused a header named by a key pasted as a closed reference, `"${env:ghp_…}"`,
 * `"{{env.ghp_…}}"`, but one left open, `"${env.ghp_…"` or `"{{env.ghp_…"`, still passed validate,
 * and apply failed each example 'header name "${env.ghp_abcd…" is not a valid HTTP header name', the
 * key (lower-cased) in report.md, report.json, report.html, junit.xml and the step log. An open one
 * is EVALC_SECRET_PLACEMENT as a closed one is, said without the key, message and --json path.
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
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa358-'));
  dirs.push(dir);
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1\nbenchmark: { id: b }\nagents:\n  a1: { protocol: http, url: "http://127.0.0.1:9/v1", headers: { ${JSON.stringify(name)}: x } }\ntasks:\n  t:\n    bindings: { default: { input: "{{q}}", output: { answer: answer } } }\n    datasets: { d: { examples: [ { id: e1, vars: { q: x } } ] } }\n    metrics: [ { type: exact_match } ]\n`,
  );
  const result = await runCommand(validateCommand, json ? ['evalc.yaml', '--json'] : ['evalc.yaml'], {
    cwd: dir,
  });
  return { code: result.code, out: result.stdout + result.stderr };
}

it.each([`\${env.${KEY}`, `{{env.${KEY}`, `\${env:${KEY}`, `\${${KEY}`, `X-\${env.${KEY}`])(
  'refuses a header named by an open reference %s, the key unsaid',
  async (name) => {
    for (const json of [false, true]) {
      const { code, out } = await validate(name, json);
      expect(code).toBe(65);
      expect(out).toContain('EVALC_SECRET_PLACEMENT');
      expect(out).toContain('in a key is not read from the environment');
      expect(out.toLowerCase()).not.toContain('mnopqr');
    }
  },
);

it('takes a header named by an open reference to a name', async () => {
  expect((await validate('${HOME_DIR', false)).code).toBe(0);
});
