/**
 * QA189: a persistent local agent discarded mid-run (a request that timed out, a line that is no
 * JSON) had its process group SIGKILLed, but not what it started outside the group (setsid, a
 * detached spawn): such a child ran on after the run (ppid 1), though close() stops it (QA181). It
 * goes with the process.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { escapedChildFolder } from '../fixtures/escaped-child-folder.js';
import { maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';
import { isAlive } from '../fixtures/process-alive.js';

const folder = escapedChildFolder('evalc-qa189-mae-');

/** A seed agent whose first act is a child in its own session; it never replies. */
const AGENT = `import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
const escaped = spawn('sleep', ['60'], { detached: true, stdio: 'ignore' });
writeFileSync('escaped.pid', String(escaped.pid));
escaped.unref();
process.stdin.resume();
`;

it('stops what a timed-out local agent started outside its group when the process is discarded', async () => {
  writeFileSync(join(folder.dir, 'agent.mjs'), AGENT);
  const adapter = makeMaeAdapter(
    { transport: 'local', command: 'node agent.mjs', profile: 'seed' },
    { cwd: folder.dir, timeoutMs: 5_000 },
  );
  try {
    const outcome = await adapter.invoke('hi', maeContext());
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.kind).toBe('timeout');
    const escaped = Number(readFileSync(join(folder.dir, 'escaped.pid'), 'utf8'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(isAlive(escaped)).toBe(false);
  } finally {
    await adapter.close();
  }
}, 30_000);

// And at close(), what left the group has the group's SIGTERM grace (1 s for a local agent): it
// was sent SIGKILL the moment the group had ended, cutting a 0.5 s clean shutdown short.
it("gives what left a local agent's group its SIGTERM grace at close()", async () => {
  writeFileSync(
    join(folder.dir, 'agent.mjs'),
    `import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import readline from 'node:readline';
const daemon = spawn('sh', ['-c', 'trap "sleep 0.5; echo cleaned > cleaned.txt; exit 0" TERM; while :; do sleep 0.1; done'], { detached: true, stdio: 'ignore' });
writeFileSync('escaped.pid', String(daemon.pid));
daemon.unref();
readline.createInterface({ input: process.stdin }).on('line', () => {
  process.stdout.write(JSON.stringify({ action: 'final_answer', summary: 'done' }) + '\\n');
});
`,
  );
  const adapter = makeMaeAdapter(
    { transport: 'local', command: 'node agent.mjs', profile: 'seed' },
    { cwd: folder.dir, timeoutMs: 10_000 },
  );
  const outcome = await adapter.invoke('hi', maeContext());
  expect(outcome.ok).toBe(true);
  await adapter.close();
  expect(existsSync(join(folder.dir, 'cleaned.txt'))).toBe(true);
}, 30_000);
