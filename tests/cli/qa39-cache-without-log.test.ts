/**
 * QA39: a cache folder with no `steps.log` yet — an apply that holds `steps.lock` and has not
 * written its first entry (it is still starting agents or asking `/info`), or a log deleted by
 * hand — is an empty cache to its readers. `cache stats` while such an apply ran, and `cache
 * prune --dry-run`, died with "internal error: ENOENT … steps.log" and a stack trace (no JSON on
 * stdout with --json).
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertBuilt,
  countingExamples,
  runCli,
  tempWorkspace,
  writeDataset,
  writePlan,
} from '../e2e/apply-harness.js';
import { type CountingAgent, startCountingAgent } from '../fixtures/apply-counting-agent.mjs';

let agent: CountingAgent;
let dir: string;
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  assertBuilt();
  agent = await startCountingAgent();
  const ws = tempWorkspace('qa39-no-log');
  cleanups.push(ws.cleanup);
  dir = ws.dir;
  writeDataset(dir, 'd1.jsonl', countingExamples(2));
  writePlan(dir, { agentUrl: agent.url });
  expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
  const cache = path.join(dir, '.evalc', 'cache');
  for (const name of ['steps.log', 'steps.crc']) rmSync(path.join(cache, name), { force: true });
});
afterAll(async () => {
  await agent.close();
  for (const c of cleanups) c();
});

describe('a cache folder without a log', () => {
  it('cache stats reads it as empty while a live evalc holds its lock', async () => {
    const lock = path.join(dir, '.evalc', 'cache', 'steps.lock');
    // This test process is the live holder on this host, as a starting apply would be.
    writeFileSync(lock, `${process.pid} ${os.hostname()}\n`);
    try {
      const stats = await runCli(['cache', 'stats', '--json'], { cwd: dir });
      expect(stats.stderr).not.toMatch(/internal error|ENOENT|\n\s+at /);
      expect(stats.code).toBe(0);
      expect(JSON.parse(stats.stdout)).toMatchObject({ entries: 0, bytes: 0 });
    } finally {
      rmSync(lock, { force: true });
    }
  });

  it('cache prune --dry-run counts nothing and creates nothing', async () => {
    const dry = await runCli(['cache', 'prune', '--dry-run', '--json'], { cwd: dir });
    expect(dry.stderr).not.toMatch(/internal error|ENOENT|\n\s+at /);
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({ dryRun: true, kept: 0, removed: 0, bytesBefore: 0 });
    expect(existsSync(path.join(dir, '.evalc', 'cache', 'steps.log'))).toBe(false);
  });
});
