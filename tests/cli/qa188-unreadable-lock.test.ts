/**
 * QA188: an evalc.lock that evalc may not read (mode 000, another user's) was read as no lock at
 * all: `plan` said "no lockfile yet" and `apply` ran and wrote a new one over it. Both now stop,
 * naming the lock and why it cannot be read, and the lock is left as it was.
 */
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runUnprivilegedCli, tempWorkspace } from '../e2e/apply-harness.js';

const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const c of cleanups) c();
});

const PLAN = `evalc: 1
benchmark: { id: b, version: 1.0.0 }
agents:
  a: { protocol: raip, url: "http://127.0.0.1:9" }
tasks:
  t:
    bindings:
      default: { input: { query: "{{q}}" }, output: { answer: output.answer } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }
    metrics:
      - { type: exact_match, candidate: answer, expected: answer }
`;

describe('an evalc.lock that cannot be read', () => {
  it('stops plan and apply, says why, and is not overwritten', async () => {
    const ws = tempWorkspace('qa188-unreadable-lock');
    cleanups.push(ws.cleanup);
    chmodSync(ws.dir, 0o777);
    writeFileSync(path.join(ws.dir, 'evalc.yaml'), PLAN);
    const lockFile = path.join(ws.dir, 'evalc.lock');
    const held = '{"lockfileVersion": "held by another user"}\n';
    writeFileSync(lockFile, held);
    // No one but root may read it: the CLI runs as nobody under root, as this user otherwise.
    chmodSync(lockFile, 0o000);
    const said = `evalc: ${lockFile} cannot be read (permission denied: evalc runs as a user that cannot read it; check its mode and owner (\`ls -l\`))`;
    for (const command of ['plan', 'apply']) {
      const run = await runUnprivilegedCli([command], ws.dir);
      expect([command, run.code, run.stderr.trim()]).toEqual([command, 1, said]);
    }
    chmodSync(lockFile, 0o644);
    expect(readFileSync(lockFile, 'utf8')).toBe(held);
  });
});
