/**
 * QA181: a `local` mae agent's helper that left its process group (its own session: `setsid`, a
 * detached spawn) holds its output as long as it runs, which no signal to the group ends.
 *
 * Closing a persistent `local` mae agent waited for its output pipes to close, and a child
 * that left its process group (its own session: `setsid`, a detached spawn) holds them as long as
 * it runs, which no signal to the group ends: apply sat that child's lifetime after 'Apply
 * complete' (60 s for a `sleep 60`; a daemon's, for ever), as 381672f's served agents did. The
 * close now lets go of the pipes a moment after the group's SIGKILL.
 *
 * An `agentv` agent (one process per turn) whose reply was read to the end of stdout read 'no reply
 * within 8000 ms' on every turn, of an agent that had replied and exited: the reply is now read a
 * moment after the process exits. A persistent agent that exited on a request (code 3) read the same
 * 'no reply', not that it exited: its end is read a moment after it exits too.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { escapedChildFolder } from '../fixtures/escaped-child-folder.js';
import { finalAnswer, maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';
import { isAlive } from '../fixtures/process-alive.js';

const folder = escapedChildFolder('evalc-qa181-mae-');

/** A seed agent whose first act is a child in its own session holding stdout; then one reply a line. */
const AGENT = `import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import readline from 'node:readline';
const escaped = spawn('sleep', ['60'], { detached: true, stdio: ['ignore', 'inherit', 'inherit'] });
writeFileSync('escaped.pid', String(escaped.pid));
escaped.unref();
readline.createInterface({ input: process.stdin }).on('line', () => {
  process.stdout.write(JSON.stringify({ action: 'final_answer', summary: 'done' }) + '\\n');
});
`;

it("closes a local agent whose escaped child holds its output in seconds, not the child's lifetime", async () => {
  writeFileSync(join(folder.dir, 'agent.mjs'), AGENT);
  const adapter = makeMaeAdapter(
    { transport: 'local', command: 'node agent.mjs', profile: 'seed' },
    { cwd: folder.dir, timeoutMs: 10_000 },
  );
  expect(finalAnswer(await adapter.invoke('hi', maeContext()))).toBe('done');
  const escaped = Number(readFileSync(join(folder.dir, 'escaped.pid'), 'utf8'));
  const t0 = Date.now();
  await adapter.close();
  expect(Date.now() - t0).toBeLessThan(5_000);
  // And it is stopped with the agent, found while the agent runs (it outlived the run before).
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(isAlive(escaped)).toBe(false);
}, 30_000);

/** An agentv agent: one request on stdin, the same escaped child, one reply, exit. */
const PER_TURN_AGENT = `import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
const escaped = spawn('sleep', ['60'], { detached: true, stdio: ['ignore', 'inherit', 'inherit'] });
writeFileSync('escaped.pid', String(escaped.pid));
escaped.unref();
process.stdin.resume();
process.stdin.on('end', () => {
  process.stdout.write(JSON.stringify({ action: 'final_answer', summary: 'done' }) + '\\n');
  process.exit(0);
});
`;

it('reads the reply of a per-turn (agentv) agent whose escaped child holds its output when it exits', async () => {
  writeFileSync(join(folder.dir, 'agent.mjs'), PER_TURN_AGENT);
  const adapter = makeMaeAdapter(
    { transport: 'local', command: 'node agent.mjs', profile: 'agentv' },
    { cwd: folder.dir, timeoutMs: 8_000 },
  );
  try {
    const t0 = Date.now();
    expect(finalAnswer(await adapter.invoke('hi', maeContext()))).toBe('done');
    expect(Date.now() - t0).toBeLessThan(5_000);
  } finally {
    await adapter.close();
  }
}, 30_000);

/** A seed agent with the same escaped child that exits with code 3 on its first request. */
const CRASHING_AGENT = `import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import readline from 'node:readline';
const escaped = spawn('sleep', ['60'], { detached: true, stdio: ['ignore', 'inherit', 'inherit'] });
writeFileSync('escaped.pid', String(escaped.pid));
escaped.unref();
readline.createInterface({ input: process.stdin }).on('line', () => {
  process.stderr.write('fatal: boom\\n', () => process.exit(3));
});
`;

it('says a persistent agent whose escaped child holds its output exited, not that it did not reply', async () => {
  writeFileSync(join(folder.dir, 'agent.mjs'), CRASHING_AGENT);
  const adapter = makeMaeAdapter(
    { transport: 'local', command: 'node agent.mjs', profile: 'seed' },
    { cwd: folder.dir, timeoutMs: 8_000 },
  );
  try {
    const t0 = Date.now();
    const outcome = await adapter.invoke('hi', maeContext());
    expect(outcome.ok ? 'ok' : `${outcome.error.kind}: ${outcome.error.message}`).toBe(
      'process_crashed: local agent exited with code 3 before replying; stderr: fatal: boom',
    );
    expect(Date.now() - t0).toBeLessThan(5_000);
  } finally {
    await adapter.close();
  }
}, 30_000);
