/**
 * QA178: `stop()` of a served process waited for its output pipes to close, and a process that
 * left the group (its own session: `setsid`, a detached spawn) holds them as long as it runs, which
 * no signal to the group ends: an apply refused by another agent's failure sat 300 s on an agent's
 * `sleep 300` daemon. The stop now lets go of the pipes a moment after the group's SIGKILL.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { startServedProcess } from '../../src/executor/agent-process.js';
import { isAlive } from '../fixtures/process-alive.js';
import { tempFolder } from '../fixtures/temp-folder.js';

it("stops a served process whose escaped child holds its output, in seconds, not the child's lifetime", async () => {
  const dir = tempFolder('evalc-qa178-');
  const started = await startServedProcess(
    {
      // The escaped sleep inherits stdout; the agent itself ignores SIGTERM (so the SIGKILL ends it).
      // Ready once the sleep has left the group (its pid is written after setsid; QA181): read at
      // once, escaped.pid could be missing yet, and a sleep still in the group is stopped with it.
      command: `setsid sh -c 'echo $$ > escaped.pid; exec sleep 60' & trap '' TERM; while [ ! -s escaped.pid ]; do sleep 0.01; done; echo ready; sleep 60`,
      ready: { line: '^ready$', timeout: '10s' },
    },
    { cwd: dir, name: 'a1', logFile: join(dir, 'a1.log') },
  );
  if (!started.ok) throw new Error(started.error.message);
  const escaped = Number(readFileSync(join(dir, 'escaped.pid'), 'utf8'));
  try {
    const t0 = Date.now();
    await started.handle.stop();
    expect(Date.now() - t0).toBeLessThan(8_000);
    expect(isAlive(started.handle.pid)).toBe(false);
  } finally {
    try {
      process.kill(escaped, 'SIGKILL');
    } catch {}
  }
}, 30_000);
