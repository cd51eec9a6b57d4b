/**
 * QA156: `apply --frozen` after an upgrade that keys a request anew (here a chat greeting that uses
 * up `maxTurns: 1`, 4164950; QA150's stream_options and QA66's instructions alike) refused with
 * "restore the cache a run of this branch wrote": the developer had that cache, evalc.lock records
 * the answers under the keys it computed, and only `plan` said why they changed. The refusal now
 * names the groups whose requests changed with their inputs the same, with plan's reason, and the
 * hint says to run once without --frozen. A lock whose keys are this evalc's keeps the old hint.
 * The lock's recorded invoke key is made an old one, and the cache emptied, to stand for a lock
 * and cache written before the upgrade (as QA151's test). Real loopback chat agent.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyCommand } from '../../src/cli/apply.js';
import { startChatAgent } from '../fixtures/chat-agent.js';
import { applyInProcess } from '../protocols/apply-in-process.js';
import { runCommand } from './run-cli.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const plan = (url: string) => `evalc: 1
benchmark: { id: qa156-frozen }
agents:
  c1: { protocol: chat, url: "${url}", maxTurns: 1, limits: { retries: 0 } }
tasks:
  t1:
    bindings:
      default:
        input: { messages: [ { role: assistant, content: "Hello, how can I help?" } ] }
        output: { answer: "messages[-1].content" }
    datasets:
      d1: { examples: [ { id: g1, turns: [u1] }, { id: g2, turns: [u2] } ] }
    metrics: [ { type: contains, candidate: answer, value: "" } ]
run: { preflight: 0, bootstrap: 100 }
`;

async function appliedDir(): Promise<string> {
  const agent = await startChatAgent(['echo']);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa156-frozen-'));
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => agent.close(),
  );
  writeFileSync(path.join(dir, 'evalc.yaml'), plan(agent.endpoint));
  expect((await applyInProcess(dir)).status).toBe('done');
  rmSync(path.join(dir, '.evalc', 'cache'), { recursive: true, force: true });
  return dir;
}

function frozen(dir: string) {
  return runCommand(applyCommand, ['evalc.yaml', '--frozen', '--json'], { cwd: dir });
}

describe('apply --frozen whose missing answers evalc.lock records under other keys (QA156)', () => {
  it("names plan's reason and says to run once without --frozen", async () => {
    const dir = await appliedDir();
    const lockFile = path.join(dir, 'evalc.lock');
    const lock = readFileSync(lockFile, 'utf8');
    const keys = [...lock.matchAll(/"invoke":\["(k1:[0-9a-f]{64})"\]/g)].map((m) => m[1] as string);
    expect(keys).toHaveLength(2);
    // The digest of every step key too: the lock an earlier evalc wrote is not up to date.
    const forged = keys
      .reduce((text, key, i) => text.replace(key, `k1:${String(i).repeat(64)}`), lock)
      .replace(/("steps": \{\n\s*"complete": true,\n\s*"digest": ")[0-9a-f]{64}/, `$1${'f'.repeat(64)}`);
    expect(forged).toContain('f'.repeat(64));
    writeFileSync(lockFile, forged);
    const result = await frozen(dir);
    expect(result.code).toBe(1);
    const out = JSON.parse(result.stdout) as { reason: string; message: string; hint: string };
    expect(out.reason).toBe('frozen');
    expect(out.message).toContain(
      'the requests changed since evalc.lock was written, so no cache of the run that wrote it answers them:\n  t1/d1[c1]: a greeting that uses up maxTurns: 1 is now the whole conversation',
    );
    expect(out.hint).toBe(
      "run `evalc apply` once without --frozen (it asks the agents again for those examples only), commit evalc.lock, and keep that run's cache for --frozen.",
    );
  });

  it('keeps "restore the cache" when evalc.lock records this evalc\'s keys', async () => {
    const dir = await appliedDir();
    const lockFile = path.join(dir, 'evalc.lock');
    const lock = readFileSync(lockFile, 'utf8');
    writeFileSync(
      lockFile,
      lock.replace(/("steps": \{\n\s*"complete": true,\n\s*"digest": ")[0-9a-f]{64}/, `$1${'f'.repeat(64)}`),
    );
    const result = await frozen(dir);
    expect(result.code).toBe(1);
    const out = JSON.parse(result.stdout) as { message: string; hint: string };
    expect(out.message).not.toContain('the requests changed');
    expect(out.hint).toContain('restore the cache a run of this branch wrote');
  });
});
