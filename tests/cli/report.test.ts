import { copyFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type ReportDeps, reportCommand } from '../../src/cli/report.js';
import { readLockFile } from '../../src/lockfile/serialize.js';
import { renderReports } from '../../src/reports/index.js';
import { buildRationales, buildTrajectories } from '../fixtures/locks/course-advisor.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { captureContext } from './cli-harness.js';

const locks = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'locks');

function tempWithLock(): string {
  const dir = tempFolder('evalc-report-');
  copyFileSync(path.join(locks, 'course-advisor.a2-worse.lock'), path.join(dir, 'evalc.lock'));
  copyFileSync(path.join(locks, 'course-advisor.lock'), path.join(dir, 'base.lock'));
  return dir;
}

async function run(args: string[], cwd: string, deps?: ReportDeps) {
  const c = captureContext(args, cwd);
  const code = await reportCommand(c.ctx, deps);
  return { code, out: c.out(), err: c.err() };
}

describe('evalc report', () => {
  it('prints one format to stdout, the same text renderReports returns', async () => {
    const dir = tempWithLock();
    const { code, out } = await run(['--format', 'md'], dir);
    expect(code).toBe(0);
    const read = readLockFile(path.join(dir, 'evalc.lock'));
    if (!read.ok) throw new Error(read.message);
    expect(out).toBe(renderReports({ lock: read.lock })['report.md']);
  });

  it('writes all four reports beside the lockfile by default, byte-identical on a re-run', async () => {
    const dir = tempWithLock();
    const first = await run([], dir);
    expect(first.code).toBe(0);
    const reports = path.join(dir, '.evalc', 'reports');
    expect(readdirSync(reports).sort()).toEqual(['junit.xml', 'report.html', 'report.json', 'report.md']);
    const before = readdirSync(reports).map((f) => readFileSync(path.join(reports, f), 'utf8'));
    await run([], dir);
    expect(readdirSync(reports).map((f) => readFileSync(path.join(reports, f), 'utf8'))).toEqual(before);
    expect(first.out).toContain('wrote .evalc/reports/report.html');
  });

  it('compares with --baseline and writes one format into --out', async () => {
    const dir = tempWithLock();
    const { code } = await run(['--baseline', 'base.lock', '--format', 'md', '--out', 'out'], dir);
    expect(code).toBe(0);
    expect(readdirSync(path.join(dir, 'out'))).toEqual(['report.md']);
    const md = readFileSync(path.join(dir, 'out', 'report.md'), 'utf8');
    expect(md).toContain('**Pass → fail (3)**');
    // It names the report.html that exists (apply's, beside the lock), not one in out/ it did not write.
    expect(md).toContain('<code>.evalc/reports/report.html</code>');
    await run(['--out', 'out'], dir);
    await run(['--format', 'md', '--out', 'out'], dir);
    expect(readFileSync(path.join(dir, 'out', 'report.md'), 'utf8')).toContain(
      '<code>out/report.html</code>',
    );
  });

  it('reads trajectories through the injected loader, and works without one', async () => {
    const dir = tempWithLock();
    const seen: string[] = [];
    const deps: ReportDeps = {
      loadSources: (lock, file) => {
        seen.push(path.basename(file));
        return { trajectories: buildTrajectories(lock), judgeRationales: buildRationales(lock) };
      },
    };
    const withTrajectories = await run(['--format', 'json'], dir, deps);
    expect(seen).toEqual(['evalc.lock']);
    const json = JSON.parse(withTrajectories.out);
    const example = json.examples.find((e: { id: string }) => e.id === 'a2/search/course-search/search-04');
    expect(example.repeats[0].trajectory.toolCalls[0].name).toBe('search_courses');
    expect(example.metrics.find((m: { id: string }) => m.id === 'judge').rationale).toBe(
      'Names a course that is not in the catalog.',
    );
    const without = JSON.parse((await run(['--format', 'json'], dir)).out);
    expect(without.examples[0].repeats[0].trajectory).toBeNull();
  });

  it('exits 64 for an unknown format and 1 for a missing lockfile', async () => {
    const dir = tempWithLock();
    await expect(run(['--format', 'pdf'], dir)).rejects.toMatchObject({ code: 64 });
    await expect(run(['stray'], dir)).rejects.toMatchObject({ code: 64 });
    await expect(run(['--from', 'missing.lock'], dir)).rejects.toMatchObject({
      code: 1,
      message: expect.stringContaining('no lockfile at'),
    });
    expect(existsSync(path.join(dir, '.evalc'))).toBe(false);
  });
});
