/**
 * `evalc plan` on a cache folder it cannot read (chmod 000, a CI cache restored with another
 * owner) says so in one line naming the folder, instead of planning every step as new ("0 cached",
 * QA23 W3: `existsSync` is false on EACCES). Run as an unprivileged user (setpriv) when the tests
 * run as root; skipped where neither works.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readableDist, runUnprivileged } from '../fixtures/unprivileged.js';

const dir = mkdtempSync(path.join(tmpdir(), 'plan-unreadable-cache-'));
afterAll(() => {
  chmodSync(path.join(dir, '.evalc', 'cache'), 0o755);
  rmSync(dir, { recursive: true, force: true });
});

function planAsUnprivileged(): { code: number; stderr: string } | undefined {
  return runUnprivileged([path.join(readableDist(), 'evalc.mjs'), 'plan', 'evalc.yaml'], dir);
}

describe('plan on an unreadable cache', () => {
  it('names the folder instead of planning every step as new', () => {
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: b }
agents:
  a: { protocol: chat, url: "http://127.0.0.1:9/agent/respond" }
tasks:
  t:
    bindings: { default: { input: "{{q}}", output: { answer: "messages[-1].content" } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi } } ] } }
`,
    );
    const cacheDir = path.join(dir, '.evalc', 'cache');
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(path.join(cacheDir, 'steps.log'), '');
    chmodSync(dir, 0o755);
    chmodSync(path.join(dir, '.evalc'), 0o755);
    chmodSync(path.join(dir, 'evalc.yaml'), 0o644);
    chmodSync(cacheDir, 0o000);
    const result = planAsUnprivileged();
    if (!result) return;
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^evalc: cannot read: EACCES: .*\(no permission to read \.evalc\/cache\/steps\.log\)\n$/,
    );
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });
});
