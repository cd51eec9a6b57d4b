/**
 * Regression (QA13): a served agent that crashed with a Node stack trace (a unix socket path
 * left over from the last run: `listen EADDRINUSE`) was reported with the last three lines of
 * its output — `port: -1 | } | Node.js v20…` — which never name the error. The message now
 * carries the last error-looking line as well, like a local agent's `process_crashed`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServedProcess } from '../../src/executor/agent-process.js';

const dir = mkdtempSync(join(tmpdir(), 'qa13-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('serve: a process that dies with a stack trace before it is ready', () => {
  it('names the error line, not only the last lines of the trace', async () => {
    const started = await startServedProcess(
      {
        command: `node -e "require('net').createServer().listen('/nonexistent-qa13-dir/agent.sock')"`,
        ready: { line: 'listening', timeout: '5s' },
      },
      { cwd: dir, name: 'm', logFile: join(dir, 'm.log') },
    );
    expect(started.ok).toBe(false);
    if (started.ok) return;
    expect(started.error.kind).toBe('process_crashed');
    expect(started.error.message).toMatch(
      /^serve m exited with code 1 before it was ready; output: Error: listen E[A-Z]+: /,
    );
    expect(started.error.message).toMatch(/ \| Node\.js v\d+/);
  });

  it('says why when its port is in use (QA24 S1: a Python socketserver right after a crash)', async () => {
    const holder = createServer();
    await new Promise<void>((r) => holder.listen(0, '127.0.0.1', r));
    const port = (holder.address() as AddressInfo).port;
    try {
      const started = await startServedProcess(
        {
          command: `node -e "require('net').createServer().listen(${port}, '127.0.0.1')"`,
          ready: { line: 'listening', timeout: '5s' },
        },
        { cwd: dir, name: 'p', logFile: join(dir, 'p.log') },
      );
      expect(started.ok).toBe(false);
      if (started.ok) return;
      expect(started.error.message).toMatch(
        /^serve p exited with code 1 before it was ready \(its address is in use: .*allow_reuse_address = True\); output: .*EADDRINUSE/,
      );
    } finally {
      await new Promise((r) => holder.close(r));
    }
  });

  it('runs the agent on when its log cannot be written, saying so once (QA26 P5: an unhandled error event)', async () => {
    const notAFolder = join(dir, 'plain-file');
    writeFileSync(notAFolder, 'x');
    const warnings: string[] = [];
    const started = await startServedProcess(
      {
        command: `node -e "console.log('listening'); console.log('more'); setInterval(() => {}, 1000)"`,
        ready: { line: 'listening', timeout: '5s' },
      },
      { cwd: dir, name: 'w', logFile: join(notAFolder, 'logs', 'w.log'), warn: (t) => warnings.push(t) },
    );
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    await new Promise((r) => setTimeout(r, 200));
    await started.handle.stop();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^serve w: cannot write its log .*w\.log \((ENOTDIR|EEXIST)\): the agent runs on without it$/,
    );
  });
});
