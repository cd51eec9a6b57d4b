/**
 * QA358: a key pasted shell-style as a JMESPath expression, an output's `answer: "$ghp_AbCd…"` or an
 * http agent's `response:`, parses as a JMESPath variable: it passed validate, and every example
 * failed at apply 'JMESPath "$ghp_…" failed: Error referencing undefined variable ghp_…', the key in
 * evalc.lock, report.md, report.json, report.html, junit.xml and steps.log. It is a compile error now,
 * said `$…`; a variable a `let` binds, and an unbound one of a name, compile as before.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { compileExpression } from '../../src/binding/extract.js';
import { validateCommand } from '../../src/cli/validate.js';
import { runCommand } from '../cli/run-cli.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function validate(agent: string, output: string, json: boolean) {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa358-'));
  dirs.push(dir);
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1\nbenchmark: { id: b }\nagents:\n  a1: ${agent}\ntasks:\n  t:\n    bindings: { default: { input: "{{q}}", output: ${output} } }\n    datasets: { d: { examples: [ { id: e1, vars: { q: x } } ] } }\n    metrics: [ { type: exact_match } ]\n`,
  );
  const result = await runCommand(validateCommand, json ? ['evalc.yaml', '--json'] : ['evalc.yaml'], {
    cwd: dir,
  });
  return { code: result.code, out: result.stdout + result.stderr };
}

const KEYS = [
  'ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
  'sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
  'AKIAIOSFODNN7EXAMPLE',
];

it.each(KEYS)('refuses a key pasted as $%s in an output and in a response, the key unsaid', async (key) => {
  const plain = '{ protocol: http, url: "http://127.0.0.1:9/v1" }';
  const cases: [string, string, string][] = [
    [plain, `{ answer: "$${key}" }`, 'EVALC_BIND_JMESPATH'],
    [
      `{ protocol: http, url: "http://127.0.0.1:9/v1", response: "$${key}" }`,
      '{ answer: answer }',
      'EVALC_AGENT_RESPONSE_JMESPATH',
    ],
  ];
  for (const [agent, output, code] of cases)
    for (const json of [false, true]) {
      const { code: exit, out } = await validate(agent, output, json);
      expect(exit).toBe(65);
      expect(out).toContain(code);
      expect(out).toContain('variable $… is bound by no `let`');
      expect(out.toLowerCase()).not.toContain(key.slice(5, 14).toLowerCase());
    }
});

it('compiles a variable a let binds, and an unbound one of a name, as before', () => {
  expect(compileExpression('let $k = answer in $k').ok).toBe(true);
  expect(compileExpression('$answer').ok).toBe(true);
  expect(compileExpression('answer').ok).toBe(true);
});
