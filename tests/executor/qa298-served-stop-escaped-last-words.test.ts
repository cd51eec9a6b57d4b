/**
 * QA298: `stop()` lets go of a served process's pipes when a process outside its group, one it
 * cannot find (a double fork: its parent gone), holds them open (QA178); they never end, so what
 * the output reader still held was lost from the log: the unended line the agent stopped in (its
 * last words; a run of base64 lines held to be masked as one text, too, in the second it is held).
 * They are written as the stream's end would write them, masked. Real subprocesses.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { startServedProcess } from '../../src/executor/agent-process.js';
import { secretValues } from '../../src/plan/secrets.js';
import { tempFolder } from '../fixtures/temp-folder.js';

const KEY = 'sk-live-51HabcdefGHIJKLmnopQRSTuvWXyz';

it('writes the last words a served process stopped in when an orphan holds its output open', async () => {
  const dir = tempFolder('evalc-qa298-');
  const dump = Buffer.from(`config: {"key": "${KEY}"}`).toString('base64');
  const started = await startServedProcess(
    {
      // The orphan (its parent subshell exits at once) keeps stdout and stderr open after the stop.
      command: `(setsid sh -c 'echo $$ > orphan.pid; exec sleep 60' &); while [ ! -s orphan.pid ]; do sleep 0.01; done; echo ready; printf '${dump.slice(0, 30)}\\n${dump.slice(30)}\\n' >&2; printf 'fatal: last words'; sleep 60`,
      ready: { line: '^ready$', timeout: '10s' },
    },
    {
      cwd: dir,
      name: 'a1',
      logFile: join(dir, 'a1.log'),
      secrets: secretValues([{ authorization: `Bearer ${KEY}` }]),
    },
  );
  if (!started.ok) throw new Error(started.error.message);
  const orphan = Number(readFileSync(join(dir, 'orphan.pid'), 'utf8'));
  try {
    await new Promise((resolve) => setTimeout(resolve, 200));
    await started.handle.stop();
    const log = readFileSync(join(dir, 'a1.log'), 'utf8');
    expect(log).toContain('fatal: last words…\n');
    expect(log).toContain('***');
    expect(log).not.toContain(dump.slice(16, 30));
  } finally {
    try {
      process.kill(orphan, 'SIGKILL');
    } catch {}
  }
}, 30_000);
