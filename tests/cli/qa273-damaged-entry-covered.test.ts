/**
 * QA273 (the case next to QA267's): a damaged cache line written after a good entry of the same key
 * (an `apply --refresh` wrote every key again, and its line was then damaged) was noted by `plan` as
 * 'the cache skipped 1 damaged entry (…)' beside 'No changes': the earlier entry serves, the step does
 * not run again. The note counts only damaged entries no good entry of their key replaced or covers;
 * a damaged entry with no other is noted as before.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempWorkspace } from '../e2e/apply-harness.js';
import { freePort } from '../fixtures/loopback.js';
import { spawnCli } from './run-cli.js';

const ws = tempWorkspace('qa273-damaged-entry-covered');
afterAll(() => ws.cleanup());

/** Damages the `nth` invoke line of the cache's log (its first `"` made `'`); returns its key. */
function damageInvoke(cache: string, nth: (count: number) => number): string {
  const log = path.join(ws.dir, cache, 'steps.log');
  const lines = readFileSync(log, 'utf8').split('\n');
  const invokes = lines.flatMap((line, i) => (/^k1:[0-9a-f]{64}\tinvoke\t/.test(line) ? [i] : []));
  const at = invokes[nth(invokes.length)]!;
  lines[at] = lines[at]!.replace('"', "'");
  writeFileSync(log, lines.join('\n'));
  return lines[at]!.split('\t')[0]!;
}

it('a damaged entry a good entry of its key wrote before is not noted; one alone still is', async () => {
  expect(spawnCli(['init', 'sub'], { cwd: ws.dir }).code).toBe(0);
  const planFile = path.join(ws.dir, 'sub', 'evalc.yaml');
  const port = String(await freePort());
  writeFileSync(planFile, readFileSync(planFile, 'utf8').replaceAll('7101', port));
  expect(spawnCli(['apply', 'sub', '--cache-dir', 'c'], { cwd: ws.dir }).code).toBe(0);
  // A copy of the cache holding each key once.
  cpSync(path.join(ws.dir, 'c'), path.join(ws.dir, 'c2'), { recursive: true });
  expect(spawnCli(['apply', 'sub', '--cache-dir', 'c', '--refresh'], { cwd: ws.dir }).code).toBe(0);

  const key = damageInvoke('c', (count) => count - 1);
  const log = readFileSync(path.join(ws.dir, 'c', 'steps.log'), 'utf8');
  // the key has a good entry before its damaged line
  expect(log.indexOf(`${key}\tinvoke\t`)).toBeLessThan(log.lastIndexOf(`${key}\tinvoke\t`));
  // (--only: no lock of its own yet, so the note would say the step runs again)
  const plan = spawnCli(['plan', 'sub', '--cache-dir', 'c', '--only', 'answer'], { cwd: ws.dir });
  expect(plan.stdout).toContain('No changes. 11 steps cached');
  expect(plan.stderr).not.toContain('damaged');
  const stats = spawnCli(['cache', 'stats', '--cache-dir', 'c', '--json'], { cwd: ws.dir });
  expect(JSON.parse(stats.stdout)).toMatchObject({ damagedLines: 1 });

  damageInvoke('c2', () => 0);
  const alone = spawnCli(['plan', 'sub', '--cache-dir', 'c2', '--only', 'answer'], { cwd: ws.dir });
  expect(alone.stderr).toContain('note: the cache skipped 1 damaged entry (its step runs again; ');
});
