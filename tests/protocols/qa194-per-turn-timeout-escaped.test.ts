/**
 * QA194: an agentv (one process per turn) local agent that timed out, or whose run was cancelled,
 * still running, had its process group SIGKILLed, but not what it started outside the group
 * (setsid, a detached spawn): such a child ran on after the run (ppid 1), where a persistent
 * agent's goes with it since 1f0a77e (the case next door, for the other profile).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { escapedChildFolder } from '../fixtures/escaped-child-folder.js';
import { maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';
import { isAlive } from '../fixtures/process-alive.js';

const folder = escapedChildFolder('evalc-qa194-turn-');

/** An agent whose first act is a child in its own session; it never replies. */
const AGENT = `import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
const escaped = spawn('sleep', ['60'], { detached: true, stdio: 'ignore' });
writeFileSync('escaped.pid', String(escaped.pid));
escaped.unref();
process.stdin.resume();
setInterval(() => {}, 1000);
`;

it('stops what a timed-out agentv agent started outside its group', async () => {
  writeFileSync(join(folder.dir, 'agent.mjs'), AGENT);
  const adapter = makeMaeAdapter(
    { transport: 'local', command: 'node agent.mjs', profile: 'agentv' },
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
