/**
 * QA54: a `local` mae agent that printed a banner on stdout failed every example `invalid_json`, a
 * definitive failure cached like an answer. After fixing the agent, `evalc apply` said only
 * "evalc.lock is up to date … nothing ran (3 recorded errors)": nothing told the user that the
 * errors were kept or how to ask again. The summary now names the kinds and `--refresh`.
 * A real stdio agent (the built binary, a Node program) in a temporary folder.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from './apply-harness.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const AGENT = `import readline from 'node:readline';
if (process.env.BANNER !== '0') console.log('refund agent ready');
const rl = readline.createInterface({ input: process.stdin });
rl.on('line', () => console.log(JSON.stringify({ action: 'final_answer', summary: 'done' })));
`;

const PLAN = `evalc: 1
benchmark: { id: qa54-hint }
agents:
  m: { protocol: mae, transport: local, command: "node agent.mjs" }
tasks:
  t:
    instructions: "Refund the order."
    bindings: { default: { input: { task_description: "{{q}}" }, output: { answer: final_answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: a } }, { id: e2, vars: { q: b } } ] } }
    metrics: [ { type: contains, candidate: answer, value: done } ]
run: { preflight: 0 }
`;

describe('an up-to-date apply with recorded errors says how to ask again (QA54)', () => {
  it('names the kinds and --refresh', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa54-hint-'));
    dirs.push(dir);
    writeFileSync(path.join(dir, 'agent.mjs'), AGENT);
    writeFileSync(path.join(dir, 'evalc.yaml'), PLAN);
    const first = await runCli(['apply'], { cwd: dir, timeoutMs: 60_000 });
    expect(first.code).toBe(1);
    expect(first.stdout).toContain('2 errors (invalid_json 2)');
    const again = await runCli(['apply'], { cwd: dir, timeoutMs: 60_000 });
    expect(again.stdout).toMatch(
      /nothing ran \(2 recorded errors: invalid_json 2; kept like answers: after fixing what failed, `evalc apply --refresh` asks again\)/,
    );
  });
});
