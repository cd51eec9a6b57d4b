/**
 * QA60: a served agent inherits evalc's environment, so it can print a token the plan gives
 * another agent (`b`'s header, `b`'s serve.env). Its log is scrubbed as it is written, and `b`'s
 * secrets were learnt only when `b` started, after `a`: `a.log` kept them, in `apply` and in `plan`
 * (which starts served agents to ask their `/info`).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../fixtures/loopback.js';
import { assertBuilt, runCli, tempWorkspace, writeDataset } from './apply-harness.js';

const ENV = { QA60_B_TOKEN: 'QA60-b-token-6c0e2f', QA60_B_SERVED: 'QA60-b-served-19ad' };

const AGENT = `
const http = require('node:http');
console.log('starting; I see ' + process.env.QA60_B_TOKEN + ' and ' + process.env.QA60_B_SERVED);
http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    console.log(req.method + ' ' + req.url + ' with ' + process.env.QA60_B_TOKEN);
    const info = { name: 'a', version: '1', inputSchema: { type: 'object' } };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(req.url.startsWith('/info') ? info : { output: { answer: 'ok' } }));
  });
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

const cleanups: (() => void)[] = [];
beforeAll(() => assertBuilt());
afterAll(() => {
  for (const c of cleanups) c();
});

async function workspace(): Promise<string> {
  const { dir, cleanup } = tempWorkspace('qa60-served-log');
  cleanups.push(cleanup);
  writeDataset(dir, 'd.jsonl', [{ id: 'e1', vars: { q: 'one' }, expected: { answer: 'ok' } }]);
  writeFileSync(path.join(dir, 'agent.cjs'), AGENT);
  const served = (id: string, port: number, env: string) => `
  ${id}:
    protocol: raip
    url: http://127.0.0.1:${port}
    serve:
      command: node agent.cjs
      env: { PORT: "${port}"${env} }
      ready: { url: http://127.0.0.1:${port}/info, timeout: 10s }`;
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: qa60 }
agents:${served('a', await freePort(), '')}${served('b', await freePort(), ', S: "${env.QA60_B_SERVED}"')}
    headers: { authorization: "Bearer \${env.QA60_B_TOKEN}" }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { source: d.jsonl } }
    metrics: [ { type: contains, candidate: answer, expected: answer } ]
run: { preflight: 0 }
`,
  );
  return dir;
}

describe("a served agent printing another agent's secret", () => {
  it('has it masked in its log, in apply and in plan', async () => {
    const dir = await workspace();
    const log = path.join(dir, '.evalc', 'logs', 'a.log');
    const applied = await runCli(['apply'], { cwd: dir, env: ENV });
    expect(applied.code).toBe(0);
    expect(readFileSync(log, 'utf8')).toContain('starting; I see *** and ***');
    expect(readFileSync(log, 'utf8')).not.toMatch(/QA60-b-/);

    rmSync(path.dirname(log), { recursive: true });
    const planned = await runCli(['plan'], { cwd: dir, env: ENV });
    expect(planned.code).toBe(0);
    expect(readFileSync(log, 'utf8')).toContain('GET /info with ***');
    expect(readFileSync(log, 'utf8')).not.toMatch(/QA60-b-/);
  }, 60_000);
});
