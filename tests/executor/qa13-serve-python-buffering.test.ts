/**
 * Regression (QA13): a served Python agent that `print`s its ready line (no flush) writes to a
 * block-buffered pipe, so `ready.line` never matched and apply refused the run after
 * `ready.timeout` ("serve m not ready within 5000 ms", nothing else). Served processes now get
 * `PYTHONUNBUFFERED=1` unless the environment sets it, and a `ready.line` timeout with no output
 * says the output may be buffered. Real child processes (tests/fixtures/qa13-served-env.mjs).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServedProcess } from '../../src/executor/agent-process.js';
import { FIXTURES_DIR } from '../fixtures/mae-harness.js';

const dir = mkdtempSync(join(tmpdir(), 'qa13-serve-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let saved: string | undefined;
beforeEach(() => {
  saved = process.env.PYTHONUNBUFFERED;
  delete process.env.PYTHONUNBUFFERED;
});
afterEach(() => {
  if (saved === undefined) delete process.env.PYTHONUNBUFFERED;
  else process.env.PYTHONUNBUFFERED = saved;
});

async function readyLineWith(serveEnv?: Record<string, string>): Promise<string> {
  const logFile = join(dir, `serve-${Math.random().toString(36).slice(2)}.log`);
  const started = await startServedProcess(
    {
      command: 'node qa13-served-env.mjs',
      ready: { line: '^ready ', timeout: '5s' },
      ...(serveEnv ? { env: serveEnv } : {}),
    },
    { cwd: FIXTURES_DIR, name: 'm', logFile },
  );
  if (!started.ok) throw new Error(started.error.message);
  await started.handle.stop();
  return readFileSync(logFile, 'utf8').trim();
}

describe('serve: environment of a served process', () => {
  it('sets PYTHONUNBUFFERED=1 when nothing sets it', async () => {
    expect(await readyLineWith()).toBe('ready PYTHONUNBUFFERED=1');
  });

  it("keeps the parent's or serve.env's own value", async () => {
    process.env.PYTHONUNBUFFERED = 'parent';
    expect(await readyLineWith()).toBe('ready PYTHONUNBUFFERED=parent');
    delete process.env.PYTHONUNBUFFERED;
    expect(await readyLineWith({ PYTHONUNBUFFERED: 'plan' })).toBe('ready PYTHONUNBUFFERED=plan');
  });
});

describe('serve: ready.line timeout of a silent process', () => {
  it('says the output may be buffered when the process wrote nothing', async () => {
    const started = await startServedProcess(
      { command: 'node qa13-served-env.mjs silent', ready: { line: '^ready ', timeout: '600ms' } },
      { cwd: FIXTURES_DIR, name: 'm', logFile: join(dir, 'silent.log') },
    );
    expect(started.ok).toBe(false);
    if (started.ok) return;
    expect(started.error.kind).toBe('timeout');
    expect(started.error.message).toBe(
      'serve m not ready within 600 ms (it wrote no output: ready.line waits for a line on stdout or stderr, and a program whose stdout is a pipe may hold its lines in a buffer: flush after printing the ready line)',
    );
  });
});
