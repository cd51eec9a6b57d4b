/**
 * QA335: a YAML syntax error on a header line holding a literal key printed it. A header value
 * continued on the next line, `authorization:` then `Bearer ghp_…` then a line one space short, was
 * hinted 'end the key with a colon (`Bearer ghp_AbCd…:`)' (text and --json) under an excerpt that
 * starred it; `authorization: *h Bearer ghp_…` (an alias, then the token the reader left) showed
 * the token in the excerpt. The hint says `name:` there, the excerpt stars the rest of the value's
 * line, file:line:col kept; a plain word elsewhere is still quoted back.
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

async function validate(text: string, json = false) {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa335-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'evalc.yaml'), text);
  const result = await runCommand(validateCommand, json ? ['evalc.yaml', '--json'] : ['evalc.yaml'], {
    cwd: dir,
  });
  return result.stdout + result.stderr;
}

const continued = (value: string) =>
  `evalc: 1\nagents:\n  a1:\n    protocol: http\n    headers:\n      authorization:\n        ${value}\n       x: y\n`;

it.each([`Bearer ${KEY}`, 'Bearer hunter2pass'])(
  'hints a header value continued on its own line without quoting it (%s)',
  async (value) => {
    for (const json of [false, true]) {
      const out = await validate(continued(value), json);
      expect(out).toContain('end the key with a colon (`name:`)');
      expect(out).not.toContain('MnOpQr');
      expect(out).not.toContain('hunter2');
    }
    expect(await validate(continued(value))).toContain('evalc.yaml:7:9: error EVALC_YAML_SYNTAX');
  },
);

it('quotes a plain word outside headers back', async () => {
  const out = await validate('evalc: 1\nbenchmark:\n  id: b\n  version:\n    1.0\n   x: y\n');
  expect(out).toContain('end the key with a colon (`1.0:`)');
});

it('says a key-shaped line outside headers name:', async () => {
  const out = await validate(`evalc: 1\nbenchmark:\n  id: b\n  version:\n    ${KEY}\n   x: y\n`);
  expect(out).toContain('end the key with a colon (`name:`)');
  expect(out.split('\n').find((line) => line.includes('hint:'))).not.toContain('MnOpQr');
});

it('stars what the reader left after an alias on a header line', async () => {
  const out = await validate(
    `evalc: 1\nagents:\n  a1:\n    protocol: http\n    headers:\n      authorization: *h Bearer ${KEY}\n`,
  );
  expect(out).toContain('evalc.yaml:6:22: error EVALC_YAML_ALIAS');
  expect(out).toContain('evalc.yaml:6:25: error EVALC_YAML_SYNTAX');
  expect(out).not.toContain('MnOpQr');
});
