/**
 * QA82: a Python seed socket agent that answers with print() into `sock.makefile("w")` and never
 * flushes (PYTHONUNBUFFERED, which evalc sets for processes, does not reach a socket's file) timed
 * out with a hint about newlines only. The example still ends `timeout` (no hang), and the
 * message now names the buffered file and flush().
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';

const SCRIPT = fileURLToPath(new URL('../fixtures/qa82-socket-noflush-agent.py', import.meta.url));
let child: ChildProcess | undefined;
let port = 0;

beforeAll(async () => {
  const started = spawn('python3', [SCRIPT], { stdio: ['ignore', 'pipe', 'ignore'] });
  child = started;
  port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('python3 agent did not start')), 10_000);
    started.stdout?.setEncoding('utf8');
    started.stdout?.on('data', (chunk: string) => {
      out += chunk;
      const match = /PORT (\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  });
});

afterAll(async () => {
  if (!child) return;
  const exited = new Promise((resolve) => child?.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
});

describe('Python socket agent whose replies stay in a buffered makefile (QA82)', () => {
  it('ends the example with a timeout naming flush()', async () => {
    const adapter = makeMaeAdapter(
      { transport: 'socket', address: `127.0.0.1:${port}`, profile: 'seed' },
      { timeoutMs: 500 },
    );
    try {
      const outcome = await adapter.invoke('q', maeContext());
      expect(outcome.ok ? 'ok' : outcome.error.kind).toBe('timeout');
      expect(outcome.ok ? '' : outcome.error.message).toContain(
        "and flush it: Python's sock.makefile('w') holds print() until flush()",
      );
    } finally {
      await adapter.close();
    }
  }, 20_000);
});
