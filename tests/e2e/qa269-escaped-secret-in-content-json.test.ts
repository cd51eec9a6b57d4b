/**
 * QA269: an `openai` agent whose JSON answer in `content` spells the plan's secret escaped
 * (`"sk\u002dlive…"`, as a JSON encoder may) passed the reply's redaction, which reads the text as
 * sent; extraction parses that JSON, so the secret came out whole — as a field name in the
 * missing-path hint (QA264: `its fields: \`tool\`, \`arguments\`, \`sk-live-…\``) and as an answer —
 * into the cache and the reports. The extraction is scrubbed as it is kept (the reply's own text,
 * which spells it escaped, is kept as it came).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { sendCompletion, startLoopback } from '../fixtures/loopback.js';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

const KEY = 'sk-live-51HqA269EscapedSecretValue';
const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});
beforeAll(() => assertBuilt());

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

it('keeps a secret spelled escaped in content JSON out of the hint, the answer and every file', async () => {
  const escaped = KEY.replace(/-/g, '\\u002d');
  const agent = await startLoopback((_req, res) =>
    sendCompletion(res, `{"tool":"final_answer","arguments":{"answer":"${escaped}"},"${escaped}":1}`),
  );
  cleanups.push(() => agent.close());
  const ws = tempWorkspace('qa269-escaped-secret');
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
  a1: { protocol: openai, url: "${agent.url}/v1", model: m1, headers: { authorization: "Bearer \${env.QA269_KEY}" } }
tasks:
  t:
    bindings: { default: { input: "{{question}}", output: { answer: json.arguments.answer, miss: json.argument.answer } } }
    datasets: { d: { source: d.jsonl } }
    metrics: [{ type: exact_match, candidate: answer, expected: answer }]
`,
  );
  const run = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir, env: { ...process.env, QA269_KEY: KEY } });
  expect(run.stderr).toContain('extraction_failed');
  const report = readFileSync(path.join(ws.dir, '.evalc/reports/report.json'), 'utf8');
  expect(report).toContain('`json` has no `argument`; its fields: `tool`, `arguments`, `***`');
  for (const file of [...filesUnder(path.join(ws.dir, '.evalc')), path.join(ws.dir, 'evalc.lock')])
    expect(readFileSync(file, 'latin1'), file).not.toContain(KEY);
  expect(run.stdout + run.stderr).not.toContain(KEY);
});
