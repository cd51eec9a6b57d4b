/**
 * QA20: `evalc report` beside a lockfile without its cache (a lock checked out of git, the cache
 * gone) rendered a drill-down of "No trajectory recorded" rows and said nothing. It now ends with
 * a note on stderr naming the folder it looked in; with the cache there it says nothing.
 */
import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../fixtures/temp-folder.js';
import { REPO_ROOT, spawnCli } from './run-cli.js';

const FIXTURE_LOCK = path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock');

describe('evalc report without the run cache (real process)', () => {
  it('writes the reports and notes on stderr that they come from the lock alone', () => {
    const dir = tempFolder('evalc-qa20-report-');
    copyFileSync(FIXTURE_LOCK, path.join(dir, 'evalc.lock'));
    const result = spawnCli(['report'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('wrote .evalc/reports/report.html');
    expect(result.stderr).toBe(
      "note: no cache at .evalc/cache: the reports have no trajectories, judge rationales or failure details (--cache-dir DIR names the run's cache)\n",
    );
    expect(readFileSync(path.join(dir, '.evalc/reports/report.md'), 'utf8')).toContain('<sub>Full report: ');
  });

  it('keeps stdout to the one report asked for with --format', () => {
    const dir = tempFolder('evalc-qa20-report-');
    copyFileSync(FIXTURE_LOCK, path.join(dir, 'evalc.lock'));
    const result = spawnCli(['report', '--format', 'json'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(() => JSON.parse(result.stdout)).not.toThrow();
    expect(result.stderr).toContain('note: no cache at .evalc/cache');
  });
});
