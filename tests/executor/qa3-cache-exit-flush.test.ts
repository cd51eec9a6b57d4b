/**
 * A second Ctrl-C ends apply with `process.exit` at once: the step cache writes the entries it
 * still held in memory (coalesced for the next turn) before the process goes, so a step that
 * completed is not asked of the agent again. Runs the built store in a child process.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { LogStore } from '../../src/executor/cache-store.js';
import { REPO_ROOT } from '../e2e/apply-harness.js';

const BUILT_STORE = pathToFileURL(path.join(REPO_ROOT, 'dist/executor/cache-store.js')).href;
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('LogStore on process.exit', () => {
  it('writes the entries put in the last turn before the process exits', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa3-exit-flush-'));
    dirs.push(dir);
    const script = [
      `const { LogStore } = await import(${JSON.stringify(BUILT_STORE)});`,
      `const store = new LogStore(${JSON.stringify(dir)});`,
      `store.put('k1:done', 'invoke', { trajectory: { answer: 'x' }, durationMs: 3 });`,
      'process.exit(130);',
    ].join('\n');
    let code = 0;
    try {
      execFileSync(process.execPath, ['--input-type=module', '-e', script], { stdio: 'pipe' });
    } catch (err) {
      code = (err as { status?: number }).status ?? -1;
    }
    expect(code).toBe(130);
    const store = new LogStore(dir, { readOnly: true });
    expect(store.get('k1:done')).toEqual({ trajectory: { answer: 'x' }, durationMs: 3 });
    expect(store.stats().recoveredTornBytes).toBe(0);
    store.close();
  });
});
