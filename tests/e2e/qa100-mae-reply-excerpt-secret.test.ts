/**
 * QA100: an error message quotes a reply that is not JSON up to 120 characters and marks the cut
 * with `…` (mae transports' `reply is not JSON: "…"`; judges, ajv and openai excerpts likewise).
 * The run's secrets were masked in the message after the cut, so a secret the cut ran through kept
 * its head in the open (`key=skey-S…` of a served agent's `serve.env` key it printed) in report.json,
 * report.md, report.html, junit.xml and steps.log. A secret's head right before a `…` is masked
 * too now. Real processes: the CLI and a served Python socket agent.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

const SECRET = 'zq7skey-SECRET-abcdefghij-0123456789';
/** Answers every request line with text that is not JSON, its key across the 120-character cut. */
const AGENT = `
import os, socket, sys
path = sys.argv[1]
if os.path.exists(path): os.remove(path)
server = socket.socket(socket.AF_UNIX); server.bind(path); server.listen(5)
while True:
    conn, _ = server.accept()
    stream = conn.makefile("rw")
    for line in stream:
        stream.write("not json " + "y" * 100 + " key=" + os.environ["KEY"] + " end\\n"); stream.flush()
`;

const { dir, cleanup } = tempWorkspace('qa100-reply-excerpt');
afterAll(cleanup);

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

describe('evalc apply: a reply excerpt cut inside a secret (QA100)', () => {
  it("masks the secret's head before the excerpt's …", async () => {
    assertBuilt();
    writeFileSync(path.join(dir, 'agent.py'), AGENT);
    writeFileSync(path.join(dir, 'd.jsonl'), `${JSON.stringify({ id: 'e1', vars: { t: 'task e1' } })}\n`);
    const plan = {
      evalc: 1,
      benchmark: { id: 'qa100-excerpt', version: '1.0.0' },
      agents: {
        a: {
          protocol: 'mae',
          transport: 'socket',
          address: 'agent.sock',
          serve: { command: 'python3 agent.py agent.sock', env: { KEY: '${env.QA100_SKEY}' } },
        },
      },
      tasks: {
        t: {
          bindings: { default: { input: '{{t}}', output: { answer: 'final_answer' } } },
          datasets: { d: { source: 'd.jsonl' } },
          metrics: [{ type: 'contains', candidate: 'answer', value: 'done' }],
        },
      },
    };
    writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
    const run = await runCli(['apply', 'evalc.yaml', '--quiet'], {
      cwd: dir,
      env: { ...process.env, QA100_SKEY: SECRET },
      timeoutMs: 30_000,
    });
    const report = readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8');
    expect(report).toContain('reply is not JSON');
    expect(report).toContain(`${'y'.repeat(20)} key=***…`);
    const head = SECRET.slice(0, 6);
    expect(run.stderr).not.toContain(head);
    for (const file of [...filesUnder(path.join(dir, '.evalc')), path.join(dir, 'evalc.lock')])
      expect(readFileSync(file, 'latin1'), file).not.toContain(head);
  }, 40_000);
});
