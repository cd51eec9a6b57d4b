/**
 * QA269: a key pasted where a header's variable name goes, `Bearer ${env.ghp_AbCd…}`, is a valid
 * reference (name characters only) to a variable that is not set: apply stopped with `environment
 * variable(s) not set: ghp_AbCd…`, the key printed whole. Such a name is said `…`, with what to do;
 * a name, `OPENAI_API_KEY`, is said as before.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

const KEY = 'ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});
beforeAll(() => assertBuilt());

async function applyWith(header: string) {
  const ws = tempWorkspace('qa269-unset-key');
  cleanups.push(ws.cleanup);
  writeFileSync(
    path.join(ws.dir, 'd.jsonl'),
    '{"id":"q1","vars":{"question":"hi"},"expected":{"answer":"a"}}\n',
  );
  writeFileSync(
    path.join(ws.dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: b, version: 0.1.0 }
agents:
  a1: { protocol: openai, url: "http://127.0.0.1:9/v1", model: m1, headers: { authorization: "${header}" } }
tasks:
  t:
    bindings: { default: { input: "{{question}}", output: { answer: content } } }
    datasets: { d: { source: d.jsonl } }
    metrics: [{ type: exact_match, candidate: answer, expected: answer }]
`,
  );
  const env = { ...process.env };
  delete env[KEY];
  delete env.QA269_UNSET_NAME;
  return runCli(['apply', 'evalc.yaml'], { cwd: ws.dir, env });
}

it('does not print a key pasted as the variable name', async () => {
  const run = await applyWith(`Bearer \${env.${KEY}}`);
  expect(run.code).toBe(1);
  expect(run.stdout + run.stderr).not.toContain('AbCdEfGhIjKlMnOp');
  expect(run.stderr).toContain(
    'environment variable(s) not set: … (a name that reads as a key typed in its place: ${env.NAME} names a variable; set NAME to the key)',
  );
});

it('names a variable as before', async () => {
  const run = await applyWith('Bearer ${env.QA269_UNSET_NAME}');
  expect(run.stderr).toContain('environment variable(s) not set: QA269_UNSET_NAME');
  expect(run.stderr).not.toContain('reads as a key');
});
