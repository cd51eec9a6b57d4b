/**
 * QA335: a template that does not compile quoted a key written in it. Handlebars' window of the
 * text near its error cut a key's start off, `near \`Vo0NTY3ODkwYWJjZGVm ) }}\`` of
 * `{{env.QUJDREVGR0hJ…Vo0NTY3ODkwYWJjZGVm ) }}` (a base64 key: no masking found its tail), and
 * evalc's own words quoted a block's tag, `{{#each ghp_AbCd…}}`, and a partial's name whole, in an
 * input template and a judge metric's content. Each key, or piece of one, is said `…`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';
import { runCommand } from '../cli/run-cli.js';

const B64 = 'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0NTY3ODkwYWJjZGVm';
const KEY = 'ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function validate(input: string, content = '{{candidate.answer}}', json = false) {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa335-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'd.jsonl'), '{"id":1,"vars":{"q":"x"},"expected":"y"}\n');
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1\nbenchmark: { id: b }\nagents:\n  a1: { protocol: http, url: "http://127.0.0.1:9/" }\njudges:\n  j1: { protocol: openai, url: "http://127.0.0.1:9/v1", model: m }\ntasks:\n  t:\n    bindings: { default: { input: { q: "${input}" }, output: { answer: answer } } }\n    datasets: { d: { source: d.jsonl } }\n    metrics:\n      - { type: exact_match }\n      - { type: judge, id: jm, judge: j1, rubric: correctness, content: "${content}" }\n`,
  );
  const result = await runCommand(validateCommand, json ? ['evalc.yaml', '--json'] : ['evalc.yaml'], {
    cwd: dir,
  });
  return result.stdout + result.stderr;
}

const pieces = (out: string) =>
  [B64.slice(-12), B64.slice(8, 20), KEY.slice(-12), 'MnOpQr'].filter((p) => out.includes(p));

it.each([false, true])('says a cut base64 key near a parse error … (--json %s)', async (json) => {
  const out = await validate(`{{env.${B64} ) }}`, undefined, json);
  expect(out).toContain('EVALC_BIND_TEMPLATE_SYNTAX');
  expect(out).toContain('Parse error on line 1 near `… ) }}`');
  expect(pieces(out)).toEqual([]);
});

it('says a key in a block tag, a partial name and a content template …', async () => {
  const out = await validate(`{{#each ${KEY}}}`, `{{env.${KEY} ) }}`);
  expect(out).toContain('`{{#each …}}` is never closed');
  expect(out).toContain('content template does not compile: Parse error on line 1 near `… ) }}`');
  expect(pieces(out)).toEqual([]);
  const partial = await validate(`{{> env.${B64}}}`);
  expect(partial).toContain('partial "env.…" is not defined');
  expect(pieces(partial)).toEqual([]);
});

it('quotes a template without a key as written', async () => {
  const out = await validate('{{#each items}}');
  expect(out).toContain('`{{#each items}}` is never closed');
});
