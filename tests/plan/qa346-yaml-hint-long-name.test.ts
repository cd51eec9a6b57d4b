/**
 * QA346: a YAML line without its colon whose word is a long camelCase name,
 * `conversationHistoryForEvaluation`, was hinted 'end the key with a colon (`name:`)', the line taken
 * for a key (5daa9ab2's holdsKey: 24 letters of any case); it is quoted back, `conversationHistoryForEvaluation:`,
 * while a line holding a key, `Bearer ghp_AbCd…`, is still hinted `name:`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';
import { runCommand } from '../cli/run-cli.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function validate(line: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa346-'));
  dirs.push(dir);
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1\nbenchmark: { id: b }\ntasks:\n  t:\n    bindings:\n      default:\n        input:\n          q: "{{q}}"\n          ${line}\n        output: { answer: answer }\n`,
  );
  const result = await runCommand(validateCommand, ['evalc.yaml', '--json'], { cwd: dir });
  return result.stdout + result.stderr;
}

it('quotes a long camelCase name back in the colon hint, not a key', async () => {
  expect(await validate('conversationHistoryForEvaluation')).toContain(
    'end the key with a colon (`conversationHistoryForEvaluation:`)',
  );
  const keyed = await validate('Bearer ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789');
  expect(keyed).toContain('end the key with a colon (`name:`)');
});
