/**
 * QA123: a reply's own error (`{"error": "…"}`, QA24) is quoted as `; the agent said: <text>` cut
 * at 200 characters. The cut had no `…`, so a `serve.env` secret it went through kept its head in
 * the open (`… key sk-live-ABCDEFG` of `sk-live-ABCDEFGHIJ0123456789`) in report.json/md/html and
 * junit.xml: the masking of a secret cut short (plan/secret-cut.ts) looks for heads before a `…`.
 * A real served mae socket agent, the padding moving the cut across the secret.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCliAsync } from './run-cli.js';

const SECRET = 'sk-live-ABCDEFGHIJ0123456789';
const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa123-said-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const AGENT = `import net from 'node:net';
import fs from 'node:fs';
const file = process.argv[2];
fs.rmSync(file, { force: true });
net.createServer((socket) => {
  let buffered = '';
  socket.on('data', (chunk) => {
    buffered += chunk;
    for (let nl = buffered.indexOf('\\n'); nl !== -1; nl = buffered.indexOf('\\n')) {
      const pad = Number(JSON.parse(buffered.slice(0, nl)).task_description);
      buffered = buffered.slice(nl + 1);
      socket.write(JSON.stringify({ error: 'p'.repeat(pad) + ' key ' + process.env.SECRET + ' tail' }) + '\\n');
    }
  });
}).listen(file);
`;

function filesUnder(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    const full = path.join(root, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

describe("a secret cut in the agent's own error text (QA123)", () => {
  it('leaves no head of 5 or more characters in any file written', async () => {
    writeFileSync(path.join(dir, 'agent.mjs'), AGENT);
    const pads = Array.from({ length: 20 }, (_, i) => 180 + i);
    writeFileSync(
      path.join(dir, 'd.jsonl'),
      pads.map((pad) => JSON.stringify({ id: `e${pad}`, vars: { pad: String(pad) } })).join('\n'),
    );
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: qa123-said }
agents:
  m:
    protocol: mae
    transport: socket
    address: agent.sock
    serve: { command: "node agent.mjs agent.sock", env: { SECRET: "\${env.QA123_SECRET}" } }
    limits: { retries: 0 }
tasks:
  t:
    bindings: { default: { input: { task_description: "{{pad}}" }, output: { answer: final_answer } } }
    datasets: { d: { source: d.jsonl } }
    metrics: [ { type: contains, candidate: answer, value: done } ]
run: { preflight: 0 }
`,
    );
    const out = await spawnCliAsync(['apply', '--quiet'], {
      cwd: dir,
      env: { CI: 'true', QA123_SECRET: SECRET },
    });
    expect(out.code, out.stderr).toBe(1);
    const report = readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8');
    expect(report).toContain('the agent said: ppp');
    const leaks: string[] = [];
    for (const file of [path.join(dir, 'evalc.lock'), ...filesUnder(path.join(dir, '.evalc'))]) {
      const text = readFileSync(file, 'utf8');
      for (let n = 5; n <= SECRET.length; n++)
        if (text.includes(SECRET.slice(0, n)))
          leaks.push(`${path.relative(dir, file)}: ${SECRET.slice(0, n)}`);
    }
    expect(leaks).toEqual([]);
  });
});
