/**
 * A key typed in braces with spaces around it (`source: "data/${ ghp_AbCd… }.jsonl"`, `${ env.ghp_… }`)
 * was shown whole in the source line quoted under validate's messages, though the message itself said
 * `${…}` (QA304): the excerpt's mask read a reference's name from right after `${`, so a space ended it
 * empty. It is starred as `${ghp_…}` is; a spaced name that is no key stays as written.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { maskKeyedReferences } from '../../src/cli/render-diagnostics.js';
import { validateCommand } from '../../src/cli/validate.js';
import { runCommand } from './run-cli.js';

const KEY = 'ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function validate(source: string, json: boolean) {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-spaced-ref-'));
  dirs.push(dir);
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1\nbenchmark: { id: b }\nagents:\n  a1: { protocol: http, url: "http://127.0.0.1:9/" }\ntasks:\n  t:\n    bindings: { default: { input: { q: "{{q}}" }, output: { answer: answer } } }\n    datasets: { d: { source: "${source}" } }\n    metrics: [ { type: exact_match } ]\n`,
  );
  return runCommand(validateCommand, json ? ['evalc.yaml', '--json'] : ['evalc.yaml'], { cwd: dir });
}

it.each([
  [`data/\${ ${KEY} }.jsonl`, false],
  [`data/\${ ${KEY} }.jsonl`, true],
  [`data/\${\t${KEY}}.jsonl`, false],
  [`data/\${ env.${KEY} }.jsonl`, false],
])('a key in spaced braces, %s (--json %s), is shown nowhere', async (source, json) => {
  const result = await validate(source, json);
  expect(result.stdout + result.stderr).not.toContain('MnOpQr');
});

it('stars the spaced reference whole and keeps a spaced name that is no key', () => {
  expect(maskKeyedReferences(`source: "data/\${ ${KEY} }.jsonl"`)).toBe(
    `source: "data/${'*'.repeat(KEY.length + 5)}.jsonl"`,
  );
  expect(maskKeyedReferences('source: "${ DATA_DIR }/d.jsonl"')).toBe('source: "${ DATA_DIR }/d.jsonl"');
});
