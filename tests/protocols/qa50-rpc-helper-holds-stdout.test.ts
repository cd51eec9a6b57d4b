/**
 * QA50: an agent-eval stdio RPC command that wrote its reply and exited, but left a helper process
 * holding its stdout, is read when it exits: before, evalc waited for stdout to close, so every
 * judge call ran into its timeout (200 s by default) and failed `timeout` although the reply was
 * there. The helper, in the command's process group, is stopped.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runRpcProcess } from '../../src/protocols/agent-eval/rpc-process.js';
import { isAlive } from '../fixtures/process-alive.js';

const SCRIPT = fileURLToPath(new URL('../fixtures/qa50-rpc-leaves-helper.mjs', import.meta.url));
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe('an agent-eval rpc command that leaves a helper holding stdout (QA50)', () => {
  it('returns the reply when the command exits, and stops the helper', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qa50-rpc-helper-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const pidFile = path.join(dir, 'helper.pid');
    const started = Date.now();
    const result = await runRpcProcess({
      command: `node ${SCRIPT} ${pidFile}`,
      args: ['rpc', 'judge'],
      stdin: '{}',
      cwd: dir,
      timeoutMs: 8_000,
      signal: AbortSignal.timeout(20_000),
    });
    const helper = Number(readFileSync(pidFile, 'utf8'));
    cleanups.push(() => {
      try {
        process.kill(helper, 'SIGKILL');
      } catch {
        // stopped, as it should be
      }
    });
    expect(result).toMatchObject({ ok: true, exitCode: 0 });
    expect(result.ok && JSON.parse(result.stdout)).toEqual({ result: { answered: true } });
    expect(Date.now() - started).toBeLessThan(5_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(isAlive(helper)).toBe(false);
  }, 20_000);
});
