/**
 * QA25 (mutation audit): the stamp that lets an up-to-date `apply` skip re-rendering its reports
 * covers the baseline the reports were compared with (module doc: "the lockfile's bytes and the
 * baseline's"). Dropping the baseline from it passed every in-process test: `apply --baseline
 * other.lock` on an up-to-date lock would have kept reports compared with the previous baseline.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reportStamp, reportsAreCurrent, writeReportStamp } from '../../src/executor/up-to-date.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function files() {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa25-stamp-'));
  dirs.push(dir);
  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  };
  return {
    dir,
    lock: write('evalc.lock', '{"evalc":"x"}\n'),
    baseA: write('a.lock', '{"base":"a"}\n'),
    baseB: write('b.lock', '{"base":"b"}\n'),
  };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('report stamp', () => {
  it('is the sha256 of the lockfile bytes, then "\\nbaseline\\n" and the baseline bytes when there is one', () => {
    const f = files();
    expect(reportStamp(f.lock, undefined)).toBe(sha256('{"evalc":"x"}\n'));
    expect(reportStamp(f.lock, f.baseA)).toBe(sha256('{"evalc":"x"}\n\nbaseline\n{"base":"a"}\n'));
  });

  it('calls reports rendered against one baseline stale for another baseline, or none', () => {
    const f = files();
    const report = path.join(f.dir, 'report.md');
    writeFileSync(report, '# report\n');
    writeReportStamp(f.dir, reportStamp(f.lock, f.baseA));
    expect(reportsAreCurrent(f.dir, reportStamp(f.lock, f.baseA), ['report.md'])).toBe(true);
    expect(reportsAreCurrent(f.dir, reportStamp(f.lock, f.baseB), ['report.md'])).toBe(false);
    expect(reportsAreCurrent(f.dir, reportStamp(f.lock, undefined), ['report.md'])).toBe(false);
  });
});
