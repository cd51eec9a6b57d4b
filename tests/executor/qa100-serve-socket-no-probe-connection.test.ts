/**
 * QA100: without `ready:`, a served agent is awaited until its address listens (QA44 for a loopback
 * port, QA97/b9be53a for a mae unix socket). The wait connected and closed at once; a MultiAgentEval
 * socket agent written from the seed ("the harness opens a persistent connection") accepts one
 * connection and serves it: the probe took it, the agent read EOF and exited, and every example
 * failed transport_error — on a unix socket since b9be53a (900abe8 settled 500 ms and passed), on a
 * tcp port since QA44. The wait now reads the kernel's tables (/proc/net) and connects to nothing.
 * Real processes: the CLI and tests/fixtures/qa100-one-connection-socket-agent.py.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertBuilt, REPO_ROOT, runCli, tempWorkspace } from '../e2e/apply-harness.js';
import { freePort } from '../fixtures/loopback.js';

const AGENT = path.join(REPO_ROOT, 'tests/fixtures/qa100-one-connection-socket-agent.py');
const { dir: root, cleanup } = tempWorkspace('qa100-one-connection');
afterAll(cleanup);

async function applyServed(name: string, address: string, listen: string) {
  const dir = path.join(root, name);
  mkdirSync(dir);
  writeFileSync(
    path.join(dir, 'd.jsonl'),
    ['e1', 'e2'].map((id) => JSON.stringify({ id, vars: { t: `task ${id}` } })).join('\n'),
  );
  const plan = {
    evalc: 1,
    benchmark: { id: 'qa100-one-connection', version: '1.0.0' },
    agents: {
      a: {
        protocol: 'mae',
        transport: 'socket',
        address,
        serve: { command: `python3 ${JSON.stringify(AGENT)} ${listen}`, env: { DELAY_MS: '700' } },
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
  const run = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir, timeoutMs: 30_000 });
  const report = JSON.parse(readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8')) as {
    examples: Array<{ example: string; repeats: Array<{ errorKind: string | null }> }>;
  };
  return { run, kinds: report.examples.map((e) => [e.example, e.repeats[0]?.errorKind]) };
}

describe('serve: a seed socket agent that accepts one persistent connection (QA100)', () => {
  it('on a unix socket: the readiness wait does not take its one connection', async () => {
    assertBuilt();
    const { run, kinds } = await applyServed('unix', 'agent.sock', 'unix:agent.sock');
    expect(kinds).toEqual([
      ['e1', null],
      ['e2', null],
    ]);
    expect(run.stderr).not.toContain('exited with code 0');
    expect(run.code).toBe(0);
  }, 40_000);

  it('on a loopback tcp port: the same', async () => {
    const port = await freePort();
    const { run, kinds } = await applyServed('tcp', `tcp:127.0.0.1:${port}`, `tcp:${port}`);
    expect(kinds).toEqual([
      ['e1', null],
      ['e2', null],
    ]);
    expect(run.code).toBe(0);
  }, 40_000);
});
