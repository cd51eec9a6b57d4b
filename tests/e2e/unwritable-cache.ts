/**
 * The set-up of the tests of a cache folder apply cannot write (QA294, QA303): a workspace any user
 * may write, of counting examples for the file's counting agent, applied cold by the unprivileged
 * CLI (root ignores file modes: it runs as `nobody` when the tests run as root), and its cache then
 * made read-only. The test makes the cache writable again (0755) once its run is over.
 */
import { chmodSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import {
  countingExamples,
  runUnprivilegedCli,
  type useCountingAgent,
  writeDataset,
  writePlan,
} from './apply-harness.js';

export type CountingContext = ReturnType<typeof useCountingAgent>;

/** A workspace (mode 0777) holding `n` counting examples and the plan for `ctx`'s agent. */
export function unprivilegedWorkspace(ctx: CountingContext, prefix: string, n = 3): string {
  const dir = ctx.workspace(prefix);
  chmodSync(dir, 0o777);
  writeDataset(dir, 'd1.jsonl', countingExamples(n));
  writePlan(dir, { agentUrl: ctx.agent.url });
  return dir;
}

/**
 * `unprivilegedWorkspace` applied cold (`apply evalc.yaml --quiet` and `args`) by the unprivileged
 * CLI, which must exit 0: the folder and its cache folder (`--cache-dir` of `args`, else .evalc/cache).
 */
export async function unprivilegedColdApply(
  ctx: CountingContext,
  prefix: string,
  n = 3,
  args: string[] = [],
): Promise<{ dir: string; cache: string }> {
  const dir = unprivilegedWorkspace(ctx, prefix, n);
  const cold = await runUnprivilegedCli(['apply', 'evalc.yaml', ...args, '--quiet'], dir);
  expect(cold.code, cold.stderr).toBe(0);
  const at = args.indexOf('--cache-dir');
  return { dir, cache: path.join(dir, at < 0 ? '.evalc/cache' : (args[at + 1] ?? '')) };
}

/** Makes `cache` and each file in it read-only, its `schemas` folder enterable. */
export function makeCacheReadOnly(cache: string): void {
  for (const name of readdirSync(cache))
    chmodSync(path.join(cache, name), name === 'schemas' ? 0o555 : 0o444);
  chmodSync(cache, 0o555);
}
