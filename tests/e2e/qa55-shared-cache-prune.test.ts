/**
 * QA55: `evalc cache prune` run in one plan's folder, on a cache several plans share
 * (`--cache-dir`, `EVALC_CACHE_DIR`: DESIGN §5's CI cache), kept what that plan's lock reaches and
 * silently dropped every other plan's entries. Without `--lock`, a prune of a cache that is not the
 * plan's own `.evalc/cache` now refuses (exit 1, nothing changed) when it would drop entries, and
 * says how to keep them (`--lock` for every plan) or to go on (`--force`); `--dry-run` warns.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

/** Two plans (different examples) applied with one cache folder. */
async function twoPlans(name: string): Promise<{ a: string; b: string; cache: string }> {
  const root = ctx.workspace(name);
  const cache = path.join(root, 'shared-cache');
  const a = path.join(root, 'a');
  const b = path.join(root, 'b');
  for (const [dir, prefix] of [
    [a, 'a'],
    [b, 'b'],
  ] as const) {
    mkdirSync(dir);
    writeDataset(dir, 'd1.jsonl', countingExamples(4, prefix));
    writePlan(dir, { agentUrl: ctx.agent.url });
    expect((await runCli(['apply', '--quiet', '--cache-dir', cache], { cwd: dir })).code).toBe(0);
  }
  return { a, b, cache };
}

const log = (cache: string) => readFileSync(path.join(cache, 'steps.log'), 'utf8');

describe("cache prune of a shared cache with one plan's lock (QA55)", () => {
  it('refuses without --lock or --force, warns under --dry-run, and changes nothing', async () => {
    const { a, cache } = await twoPlans('qa55-shared');
    const before = log(cache);

    const dry = await runCli(['cache', 'prune', '--cache-dir', cache, '--dry-run'], { cwd: a });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/^would prune [1-9]\d* entries/);
    expect(dry.stderr).toContain("is not this plan's own .evalc/cache");
    expect(dry.stderr).toContain('without --lock or --force a prune refuses');

    const refused = await runCli(['cache', 'prune', '--cache-dir', cache], { cwd: a });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('other plans may share it');
    expect(refused.stderr).toContain("name every plan's lock with --lock");
    expect(refused.stdout).toBe('');
    expect(log(cache)).toBe(before);

    // The same through EVALC_CACHE_DIR.
    const viaEnv = await runCli(['cache', 'prune'], {
      cwd: a,
      env: { ...process.env, EVALC_CACHE_DIR: cache },
    });
    expect(viaEnv.code).toBe(1);
    expect(log(cache)).toBe(before);
  });

  it('prunes when every lock is named, and with --force to this plan alone', async () => {
    const { a, b, cache } = await twoPlans('qa55-shared-named');
    const both = await runCli(['cache', 'prune', '--cache-dir', cache, '--lock', '.', '--lock', b], {
      cwd: a,
    });
    expect(both.code).toBe(0);
    expect(both.stderr).toBe('');
    expect(both.stdout).toMatch(/^pruned 0 entries/);

    const forced = await runCli(['cache', 'prune', '--cache-dir', cache, '--force'], { cwd: a });
    expect(forced.code).toBe(0);
    expect(forced.stdout).toMatch(/^pruned [1-9]\d* entries/);
  });

  it("a plan's own .evalc/cache prunes as before, without --force", async () => {
    const dir = ctx.workspace('qa55-own-cache');
    writeDataset(dir, 'd1.jsonl', countingExamples(3, 'o'));
    writePlan(dir, { agentUrl: ctx.agent.url });
    expect((await runCli(['apply', '--quiet'], { cwd: dir })).code).toBe(0);
    writeDataset(dir, 'd1.jsonl', countingExamples(2, 'o'));
    expect((await runCli(['apply', '--quiet'], { cwd: dir })).code).toBe(0);
    const pruned = await runCli(['cache', 'prune', '--cache-dir', '.evalc/cache'], { cwd: dir });
    expect(pruned.code).toBe(0);
    expect(pruned.stderr).toBe('');
    expect(pruned.stdout).toMatch(/^pruned [1-9]\d* entries/);
  });
});
