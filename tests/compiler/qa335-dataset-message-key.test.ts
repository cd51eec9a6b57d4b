/**
 * QA335: messages about a dataset source quoted a key pasted in it where 'dataset file not found'
 * said it `${env…}` (QA290): 'cannot tell the format of ${env.ghp_AbCd…}' (a source with no
 * extension) and, of a remote source, 'fetching https://…/$ghp_AbCd…/d.jsonl failed' and 'dataset
 * URL must use https: …', in validate's, plan's and lint's text and --json. Each says `${env…}`, `$…`.
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
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa335-'));
  dirs.push(dir);
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1\nbenchmark: { id: b }\nagents:\n  a1: { protocol: http, url: "http://127.0.0.1:9/" }\ntasks:\n  t:\n    bindings: { default: { input: { q: "{{q}}" }, output: { answer: answer } } }\n    datasets: { d: { source: "${source}" } }\n    metrics: [ { type: exact_match } ]\n`,
  );
  const result = await runCommand(validateCommand, json ? ['evalc.yaml', '--json'] : ['evalc.yaml'], {
    cwd: dir,
  });
  return result.stdout + result.stderr;
}

it.each([
  [`\${env.${KEY}}`, 'cannot tell the format of ${env…}'],
  [`http://example.invalid/$${KEY}/d.jsonl`, 'dataset URL must use https: http://example.invalid/$…/d.jsonl'],
  [`https://127.0.0.1:1/$${KEY}/d.jsonl`, 'fetching https://127.0.0.1:1/$…/d.jsonl failed'],
])(
  'says %s without the key',
  async (source, said) => {
    for (const json of [false, true]) {
      const out = await validate(source, json);
      expect(out).toContain(said);
      expect(out).not.toContain('MnOpQr');
    }
  },
  30_000,
);

it('quotes a source without a key as written', async () => {
  expect(await validate('${env.DATA}', false)).toContain('cannot tell the format of ${env.DATA}');
});
