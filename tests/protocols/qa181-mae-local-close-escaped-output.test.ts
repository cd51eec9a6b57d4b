/**
 * QA181: closing a persistent `local` mae agent waited for its output pipes to close, and a child
 * that left its process group (its own session: `setsid`, a detached spawn) holds them as long as
 * it runs, which no signal to the group ends: apply sat that child's lifetime after 'Apply
 * complete' (60 s for a `sleep 60`; a daemon's, for ever), as 381672f's served agents did. The
 * close now lets go of the pipes a moment after the group's SIGKILL.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { finalAnswer, maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';

const dir = mkdtempSync(join(tmpdir(), 'evalc-qa181-mae-'));
afterEach(() => {
  try {
    process.kill(Number(readFileSync(join(dir, 'escaped.pid'), 'utf8')), 'SIGKILL');
  } catch {}
  rmSync(dir, { recursive: true, force: true });
});

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
  writeFileSync(join(dir, 'agent.mjs'), AGENT);
  const adapter = makeMaeAdapter(
    { transport: 'local', command: 'node agent.mjs', profile: 'seed' },
    { cwd: dir, timeoutMs: 10_000 },
  );
  expect(finalAnswer(await adapter.invoke('hi', maeContext()))).toBe('done');
  const t0 = Date.now();
  await adapter.close();
  expect(Date.now() - t0).toBeLessThan(5_000);
}, 30_000);
