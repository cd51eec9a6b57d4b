/**
 * QA335: every message that quoted plan text as written printed a key pasted as a reference's name
 * there unless that message had been fixed on its own: a judge's `rubric: "${env.ghp_AbCd…}"` read
 * 'unknown rubric `${env.ghp_AbCd…}`' (validate, plan, lint; text and --json). load-plan.ts now
 * says such a reference in every diagnostic's message, hint and path as the fixed ones do, `${env…}`,
 * `$…`, `{{env…}}`; a name is quoted as written.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { lintCommand } from '../../src/cli/lint.js';
import { validateCommand } from '../../src/cli/validate.js';
import { runCommand } from '../cli/run-cli.js';

const KEY = 'ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function planDir(rubric: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa335-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'd.jsonl'), '{"id":1,"vars":{"q":"x"},"expected":"y"}\n');
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1\nbenchmark: { id: b }\nagents:\n  a1: { protocol: http, url: "http://127.0.0.1:9/" }\njudges:\n  j1: { protocol: openai, url: "http://127.0.0.1:9/v1", model: m, rubric: "${rubric}" }\ntasks:\n  t:\n    bindings: { default: { input: { q: "{{q}}" }, output: { answer: answer } } }\n    datasets: { d: { source: d.jsonl } }\n    metrics:\n      - { type: judge, id: jm, judge: j1 }\n`,
  );
  return dir;
}

it.each([
  [`\${env.${KEY}}`, 'unknown rubric `${env…}`'],
  [`$${KEY}`, 'unknown rubric `$…`'],
  [`{{env.${KEY}}}`, 'unknown rubric `{{env…}}`'],
])('says a judge rubric %s without the key', async (rubric, said) => {
  const dir = planDir(rubric);
  for (const args of [['evalc.yaml'], ['evalc.yaml', '--json']]) {
    for (const command of [validateCommand, lintCommand]) {
      const result = await runCommand(command, args, { cwd: dir });
      const out = result.stdout + result.stderr;
      expect(out).toContain(said);
      expect(out).not.toContain('MnOpQr');
    }
  }
});

it('quotes a rubric name as written', async () => {
  const result = await runCommand(validateCommand, ['evalc.yaml'], { cwd: planDir('${env.RUBRIC}') });
  expect(result.stdout + result.stderr).toContain('unknown rubric `${env.RUBRIC}`');
});
