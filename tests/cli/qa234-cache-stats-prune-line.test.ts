/**
 * QA234: `evalc cache stats sub` of a cache holding replaced entries (an apply --refresh) said
 * '`evalc cache prune` frees them', which prunes ./evalc.yaml's cache ('no plan in this folder'),
 * not sub's. The line names the plan (and a --cache-dir) as given, and runs as printed.
 */
import { afterAll, expect, it } from 'vitest';
import { tempWorkspace } from '../e2e/apply-harness.js';
import { spawnCli } from './run-cli.js';

const ws = tempWorkspace('qa234-cache-stats-prune-line');
afterAll(() => ws.cleanup());

it("cache stats sub: the prune it offers is sub's, and frees the replaced entries", () => {
  expect(spawnCli(['init', 'sub'], { cwd: ws.dir }).code).toBe(0);
  expect(spawnCli(['apply', 'sub'], { cwd: ws.dir }).code).toBe(0);
  expect(spawnCli(['apply', 'sub', '--refresh'], { cwd: ws.dir }).code).toBe(0);
  const stats = spawnCli(['cache', 'stats', 'sub'], { cwd: ws.dir });
  expect(stats.stdout).toMatch(
    /entries a later one for the same key replaced: `evalc cache prune sub` frees them\)/,
  );
  const pruned = spawnCli(['cache', 'prune', 'sub'], { cwd: ws.dir });
  expect(pruned.code).toBe(0);
  expect(spawnCli(['cache', 'stats', 'sub'], { cwd: ws.dir }).stdout).not.toMatch(/replaced/);
});
