/**
 * QA335: a key pasted as a template placeholder's name, `{{env.ghp_AbCd…}}` (or `{{ghp_AbCd…}}`), in an
 * agent's input template or a judge metric's content was quoted whole by EVALC_BIND_UNKNOWN_VAR
 * (`"env.ghp_AbCd…" is not defined`), in validate's and plan's text and in --json, while the excerpt
 * starred it. It is said `"env…"` (`"…"`), its hint naming no key; a name is quoted as written.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { planCommand } from '../../src/cli/plan.js';
import { validateCommand } from '../../src/cli/validate.js';
import { runCommand } from '../cli/run-cli.js';

const KEY = 'ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function planDir(input: string, content = '{{candidate.answer}}'): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa335-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'd.jsonl'), '{"id":1,"vars":{"q":"x"},"expected":"y"}\n');
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1\nbenchmark: { id: b }\nagents:\n  a1: { protocol: http, url: "http://127.0.0.1:9/" }\njudges:\n  j1: { protocol: openai, url: "http://127.0.0.1:9/v1", model: m }\ntasks:\n  t:\n    bindings: { default: { input: { q: "${input}" }, output: { answer: answer } } }\n    datasets: { d: { source: d.jsonl } }\n    metrics:\n      - { type: exact_match }\n      - { type: judge, id: jm, judge: j1, rubric: correctness, content: "${content}" }\n`,
  );
  return dir;
}

it.each([
  ['validate', false],
  ['validate', true],
  ['plan', false],
  ['plan', true],
] as const)('%s (--json %s) says a key in {{env.…}} "env…"', async (command, json) => {
  const dir = planDir(`{{env.${KEY}}}`);
  const args = json ? ['evalc.yaml', '--json'] : ['evalc.yaml'];
  const result = await runCommand(command === 'plan' ? planCommand : validateCommand, args, { cwd: dir });
  const out = result.stdout + result.stderr;
  expect(out).toContain('EVALC_BIND_UNKNOWN_VAR');
  expect(out).toMatch(/env…\\?" is not defined/);
  expect(out).not.toContain('MnOpQr');
});

it('says a key in {{…}} without env. "…", in an input and a content template', async () => {
  const dir = planDir(`{{${KEY}}}`, `{{candidate.${KEY}}}`);
  const result = await runCommand(validateCommand, ['evalc.yaml'], { cwd: dir });
  const out = result.stdout + result.stderr;
  expect(out).toContain('"…" is not defined');
  expect(out).toContain('content template of `jm` fails');
  expect(out).not.toContain('MnOpQr');
});

it('quotes a name as written', async () => {
  const dir = planDir('{{env.TOKEN}}');
  const result = await runCommand(validateCommand, ['evalc.yaml'], { cwd: dir });
  expect(result.stdout + result.stderr).toContain('"env.TOKEN" is not defined');
});
