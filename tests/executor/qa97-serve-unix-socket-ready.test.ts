/**
 * QA97: a served `mae` socket agent on a unix socket (the seed Agent API's "Unix: /path/to/socket")
 * without `ready:` got the fixed 500 ms settle, not the wait QA44 gave loopback ports: an agent that
 * needs a second to start (a Python import) failed its first example with `transport_error: ENOENT`.
 * evalc now waits until the socket accepts a connection, as it does for a loopback port. Real
 * processes: the CLI and tests/fixtures/qa97-slow-unix-agent.mjs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServedProcess } from '../../src/executor/agent-process.js';
import { assertBuilt, REPO_ROOT, runCli, tempWorkspace } from '../e2e/apply-harness.js';

const AGENT = path.join(REPO_ROOT, 'tests/fixtures/qa97-slow-unix-agent.mjs');
const { dir, cleanup } = tempWorkspace('qa97-unix');
afterAll(cleanup);

describe('serve: a mae socket agent on a unix socket, without ready:', () => {
  it('is awaited until its socket accepts connections (relative address, plan folder)', async () => {
    assertBuilt();
    writeFileSync(
      path.join(dir, 'd.jsonl'),
      ['e1', 'e2'].map((id) => JSON.stringify({ id, vars: { t: `task ${id}` } })).join('\n'),
    );
    const plan = {
      evalc: 1,
      benchmark: { id: 'qa97-unix', version: '1.0.0' },
      agents: {
        a: {
          protocol: 'mae',
          transport: 'socket',
          address: 'agent.sock',
          serve: { command: `node ${JSON.stringify(AGENT)} agent.sock`, env: { DELAY_MS: '1500' } },
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
    expect(run.stderr).not.toContain('ENOENT');
    expect(run.code).toBe(0);
    const report = JSON.parse(readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8')) as {
      examples: Array<{ example: string; repeats: Array<{ errorKind: string | null }> }>;
    };
    expect(report.examples.map((e) => [e.example, e.repeats[0]?.errorKind])).toEqual([
      ['e1', null],
      ['e2', null],
    ]);
  }, 40_000);

  it('names the socket when it never listens', async () => {
    const started = await startServedProcess(
      { command: 'node -e "setTimeout(() => {}, 5000)"', ready: { timeout: '1s' } },
      { cwd: dir, name: 'a', logFile: path.join(dir, 'silent.log'), address: 'unix:never.sock' },
    );
    if (started.ok) await started.handle.stop();
    expect(started.ok ? 'ok' : started.error.message).toContain(
      `nothing accepts connections at unix:${path.join(dir, 'never.sock')}, its socket address`,
    );
  }, 20_000);
});
