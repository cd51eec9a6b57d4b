/**
 * QA261: `evalc report` from a lock whose cache is not at hand (a CI job that checked the lock out
 * of git) wrote a report.md whose failing examples had no answers or reasons and whose Errors
 * table said `—`, and only stderr said why: the PR comment read as if the agents had said nothing.
 * report.md's last line now says it was rendered without the run's cache; with the cache it does not.
 */
import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { REPO_ROOT, spawnCli } from './run-cli.js';

const FIXTURE_LOCK = path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock');
const NOTE = "rendered without the run's cache: no answers, failure reasons or trajectories";
const footer = (md: string) => md.trimEnd().split('\n').at(-1) ?? '';

describe("report.md rendered without the run's cache", () => {
  it('says so on its last line when evalc report finds no cache (real process)', () => {
    const dir = tempFolder('evalc-qa261-report-');
    copyFileSync(FIXTURE_LOCK, path.join(dir, 'evalc.lock'));
    const result = spawnCli(['report'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(footer(readFileSync(path.join(dir, '.evalc/reports/report.md'), 'utf8'))).toBe(
      `<sub>Full report: <code>.evalc/reports/report.html</code> · report.json · junit.xml · ${NOTE}</sub>`,
    );
  });

  it('says nothing of the kind when the renderer is not told the cache is missing', () => {
    expect(footer(renderReports({ lock: baselineLock() })['report.md'])).not.toContain(NOTE);
    expect(footer(renderReports({ lock: baselineLock(), withoutCache: true })['report.md'])).toContain(NOTE);
  });
});
