/**
 * QA52: `serve.ready.line` is a plan regex run on every line the served agent prints. With V8's
 * backtracking engine `^(a+)+$|^ready$` blocked evalc for seconds on one line of 27 `a`s and a
 * `b` (each further `a` doubles it), readiness timeout and Ctrl-C included. Such a pattern now
 * runs on RE2 (linear time); one RE2 cannot run is a config_error before spawning.
 * Real child process (node -e).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServedProcess } from '../../src/executor/agent-process.js';
import { sharedTempFolder } from '../fixtures/temp-folder.js';

const dir = sharedTempFolder('evalc-qa52-');
const PRINTS = `node -e "console.log('a'.repeat(27) + 'b'); console.log('ready'); setInterval(() => {}, 1000)"`;

describe('serve.ready.line patterns that backtrack exponentially (ReDoS)', () => {
  it('reads a nested-quantifier ready.line in linear time', async () => {
    const start = performance.now();
    const started = await startServedProcess(
      { command: PRINTS, ready: { line: '^(a+)+$|^ready$', timeout: '10s' } },
      { cwd: dir, name: 'a1', logFile: join(dir, 'a1.log') },
    );
    if (!started.ok) throw new Error(started.error.message);
    await started.handle.stop();
    expect(performance.now() - start).toBeLessThan(1_500);
  }, 15_000);

  it('refuses, as config_error without spawning, a risky ready.line RE2 cannot run', async () => {
    const started = await startServedProcess(
      { command: PRINTS, ready: { line: '^(?=a)(a+)+$', timeout: '10s' } },
      { cwd: dir, name: 'a1', logFile: join(dir, 'a2.log') },
    );
    expect(started.ok).toBe(false);
    expect(started.ok ? '' : `${started.error.kind}: ${started.error.message}`).toMatch(
      /^config_error: serve a1: ready\.line could take exponential time/,
    );
  }, 15_000);
});
