/**
 * QA287: a start the OS refuses outright (E2BIG: the command and the environment, evalc's own with
 * the agent's, above its limit) made spawn throw, and an mae local agent's turn or an agent-eval
 * stdio judge's call crashed `evalc apply` with Node's stack trace (eb66902b caught it for served
 * agents only). Now it is that turn's or call's failure, in words.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runRpcProcess } from '../../src/protocols/agent-eval/rpc-process.js';
import { PerTurnLocalTransport } from '../../src/protocols/mae/local-per-turn.js';
import { PersistentLocalTransport } from '../../src/protocols/mae/local-persistent.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-e2big-'));
  dirs.push(dir);
  return dir;
}

/** 24 variables of 110,000 bytes: each under the per-variable limit, 2.6 MB together, over 2 MiB. */
function hugeEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (let i = 0; i < 24; i++) env[`QA287_V${i}`] = 'y'.repeat(110_000);
  return env;
}

const REFUSED =
  'E2BIG: the command and its environment are larger than the OS takes; put the command in a script and long values in files';

describe('a start the OS refuses (E2BIG) is a failed call, not a crash', () => {
  it('agent-eval stdio judge call', async () => {
    const result = await runRpcProcess({
      command: 'node judge.mjs',
      args: ['rpc', 'version'],
      stdin: '{}',
      cwd: tempDir(),
      timeoutMs: 5_000,
      signal: new AbortController().signal,
      env: { ...process.env, ...hugeEnv() },
    });
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'process_crashed',
        message: `agent-eval rpc version (stdio): could not start (${REFUSED})`,
        retryable: false,
      },
    });
  });

  for (const [name, Transport] of [
    ['persistent (seed profile)', PersistentLocalTransport],
    ['per turn (agentv profile)', PerTurnLocalTransport],
  ] as const) {
    it(`mae local agent, ${name}`, async () => {
      const transport = new Transport({
        command: 'node agent.mjs',
        cwd: tempDir(),
        env: hugeEnv(),
        timeoutMs: 5_000,
      });
      const started = Date.now();
      const reply = await transport.send(
        { task_description: 'hi' },
        { signal: new AbortController().signal, log: () => undefined },
      );
      await transport.close();
      expect(reply.ok).toBe(false);
      if (reply.ok) return;
      expect(reply.error.kind).toBe('process_crashed');
      expect(reply.error.message).toContain(`could not start (${REFUSED})`);
      // at once, not after the timeout
      expect(Date.now() - started).toBeLessThan(4_000);
    });
  }
});
