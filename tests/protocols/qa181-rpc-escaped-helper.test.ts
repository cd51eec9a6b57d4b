/**
 * QA181: an agent-eval stdio RPC command that wrote its reply and exited, but left a helper in a
 * session of its own (`setsid`, a detached spawn) holding its stdout, is read when it exits: QA50
 * stops a helper in the command's process group, which this one has left, so every judge call
 * waited for that helper's exit (61.5 s for a two-example apply whose judge left a `sleep 20`)
 * or ran into its timeout with its reply written.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { runRpcProcess } from '../../src/protocols/agent-eval/rpc-process.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

it("returns the reply of a command whose helper left its group when it exits, not at the helper's end", async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'qa181-rpc-helper-'));
  cleanups.push(() => {
    try {
      process.kill(Number(readFileSync(path.join(dir, 'escaped.pid'), 'utf8')), 'SIGKILL');
    } catch {}
    rmSync(dir, { recursive: true, force: true });
  });
  const started = Date.now();
  const result = await runRpcProcess({
    // The reply once the helper has left the group (its pid is written after setsid): a helper still
    // in it is stopped with the group when the command exits, and the test would prove nothing.
    command: `setsid sh -c 'echo $$ > escaped.pid; exec sleep 60' & while [ ! -s escaped.pid ]; do sleep 0.01; done; echo '{"result":{"answered":true}}'; exit 0; :`,
    args: ['rpc', 'judge'],
    stdin: '{}',
    cwd: dir,
    timeoutMs: 8_000,
    signal: AbortSignal.timeout(20_000),
  });
  expect(result).toMatchObject({ ok: true, exitCode: 0 });
  expect(result.ok && JSON.parse(result.stdout)).toEqual({ result: { answered: true } });
  expect(Date.now() - started).toBeLessThan(5_000);
}, 30_000);
