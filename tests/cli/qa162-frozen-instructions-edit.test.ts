/**
 * QA162, review of e9b08de (QA156): `apply --frozen` names the groups evalc.lock records under
 * other keys with plan's reason. A task's `instructions` edited since the lock was written is one
 * of them for an agent that is sent them (RAIP's context), and the refusal said "the requests
 * changed since evalc.lock was written, their inputs did not" above "the task's instructions
 * changed (tasks.t1.instructions)": the instructions are the input that changed. Real loopback RAIP
 * agent; the lock of the first run, the plan edited, the cache of that run kept.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCommand } from '../../src/cli/apply.js';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { applyInProcess } from '../protocols/apply-in-process.js';
import { runCommand } from './run-cli.js';

let agent: Loopback;
let dir: string;
beforeAll(async () => {
  agent = await startLoopback((req, res) =>
    req.method === 'GET'
      ? sendJson(res, 200, { name: 'n', version: '1', inputSchema: { type: 'object' } })
      : sendJson(res, 200, { output: { answer: 'A' } }),
  );
  dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa162-frozen-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await agent.close();
});

const plan = (instructions: string) => `evalc: 1
benchmark: { id: qa162-frozen }
agents: { a1: { protocol: raip, url: "${agent.url}" } }
tasks:
  t1:
    instructions: ${instructions}
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets:
      d1: { examples: [ { id: e1, vars: { q: x }, expected: { answer: A } } ] }
    metrics: [ { type: exact_match, candidate: answer, expected: answer } ]
run: { preflight: 0, bootstrap: 100 }
`;

describe('apply --frozen after the task instructions were edited (QA162)', () => {
  it('names the edit and does not say the inputs are the same', async () => {
    writeFileSync(path.join(dir, 'evalc.yaml'), plan('Answer with A.'));
    expect((await applyInProcess(dir)).status).toBe('done');
    expect(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')).toContain('"invoke"');
    writeFileSync(path.join(dir, 'evalc.yaml'), plan('Answer with the letter A.'));
    const result = await runCommand(applyCommand, ['evalc.yaml', '--frozen', '--json'], { cwd: dir });
    expect(result.code).toBe(1);
    const out = JSON.parse(result.stdout) as { reason: string; message: string };
    expect(out.reason).toBe('frozen');
    expect(out.message).toContain(
      "the requests changed since evalc.lock was written, so no cache of the run that wrote it answers them:\n  t1/d1[a1]: the task's instructions changed (tasks.t1.instructions)",
    );
    expect(out.message).not.toContain('their inputs did not');
  });
});
