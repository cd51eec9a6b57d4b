/**
 * Regression (QA13): a served agent writing a progress bar to stderr (`\r` updates, no newline —
 * tqdm) made evalc re-split everything read so far on every chunk: a black-box apply with 22 MB
 * of such output per request did not finish in 90 s. Output is now read in linear time, the log
 * still gets every byte (secrets masked across the pieces), and the tail shows the line as a
 * terminal would. Real child process (tests/fixtures/qa13-served-progress.mjs).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServedProcess } from '../../src/executor/agent-process.js';
import { FIXTURES_DIR } from '../fixtures/mae-harness.js';

const dir = mkdtempSync(join(tmpdir(), 'qa13-progress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const TOKEN = 'tok-qa13-progress-secret';

describe('serve: a process that writes megabytes of progress updates without a newline', () => {
  it('becomes ready quickly and logs all of it with the secret masked', async () => {
    const logFile = join(dir, 'm.log');
    const started = Date.now();
    const outcome = await startServedProcess(
      {
        command: 'node qa13-served-progress.mjs',
        env: { QA13_TOKEN: '${env.QA13_SECRET}' },
        ready: { line: '^ready$', timeout: '20s' },
      },
      { cwd: FIXTURES_DIR, name: 'm', logFile, env: { QA13_SECRET: TOKEN }, secrets: [TOKEN] },
    );
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(Date.now() - started).toBeLessThan(4_000);
    await outcome.handle.stop();
    const text = readFileSync(logFile, 'utf8');
    expect(text).not.toContain(TOKEN);
    const wrote = Number(/\nwrote (\d+) updates\n/.exec(text)?.[1]);
    expect(wrote).toBeGreaterThan(400_000);
    expect(text.split('token=***').length - 1).toBe(wrote);
    expect(text.split('\r').length - 1).toBe(wrote);
    // stdout's `ready` and stderr's bytes reach the log from two pipes: `ready` may land right
    // after a progress update that was still being written (no newline before it).
    expect(text).toMatch(/ready\n/);
  });
});
