/**
 * QA346: a key pasted as a reference in a JMESPath expression, an output's `answer: "${ghp_AbCd…}"` or
 * an http agent's `response:`, was quoted whole by the parser's error, `invalid token
 * (UnquotedIdentifier): "ghp_AbCd…"` (text and --json): the token has lost the `${` by which the net
 * under every diagnostic (keyedRefsSaid) knows a key. It is said `"…"`; an expression without such a
 * reference is quoted as written.
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

async function validate(expression: string, json: boolean) {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa346-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'd.jsonl'), '{"id":1,"vars":{"q":"x"},"expected":"y"}\n');
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1\nbenchmark: { id: b }\nagents:\n  a1: { protocol: http, url: "http://127.0.0.1:9/v1", response: "${expression}" }\ntasks:\n  t:\n    bindings: { default: { input: { q: "{{q}}" }, output: { answer: "${expression}" } } }\n    datasets: { d: { source: d.jsonl } }\n    metrics: [ { type: exact_match } ]\n`,
  );
  const result = await runCommand(validateCommand, json ? ['evalc.yaml', '--json'] : ['evalc.yaml'], {
    cwd: dir,
  });
  return { code: result.code, out: result.stdout + result.stderr };
}

it('says a key pasted as ${…} in an output or response expression …, text and --json', async () => {
  for (const json of [false, true]) {
    const { code, out } = await validate(`\${${KEY}}`, json);
    expect(code).toBe(65);
    expect(out).toContain('EVALC_BIND_JMESPATH');
    expect(out).toContain('EVALC_AGENT_RESPONSE_JMESPATH');
    expect(out).toMatch(/invalid token \(UnquotedIdentifier\): \\?"…\\?"/);
    expect(out).not.toContain('MnOpQr');
  }
});

it('quotes the token of an expression without a reference as written', async () => {
  const { out } = await validate('answer conversationHistoryForEvaluation', true);
  expect(out).toContain(
    'JMESPath expression does not compile: Syntax error: unexpected token type: UnquotedIdentifier, value: conversationHistoryForEvaluation',
  );
});
