/**
 * QA201: `evalc diff` between two locks where a volatile figure went from a value to not measured
 * (`tokens` when the agent stopped sending a usable count, its metric then recording metric_error)
 * read "No aggregate changed" and listed no volatile figure: only the error count said it. The
 * figure is now out of tolerance with its missing side null (JSON) / `not measured` (text, Markdown).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = path.join(root, 'dist', 'evalc.mjs');
const built = existsSync(CLI);
const dir = mkdtempSync(path.join(os.tmpdir(), 'qa201-diff-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const base = JSON.parse(
  readFileSync(path.join(root, 'tests', 'fixtures', 'locks', 'course-advisor.lock'), 'utf8'),
);
const group = 'a2/search/course-search';
const now = structuredClone(base);
delete now.volatile[group].tokens;
writeFileSync(path.join(dir, 'base.lock'), JSON.stringify(base, null, 2));
writeFileSync(path.join(dir, 'new.lock'), JSON.stringify(now, null, 2));

function diff(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, 'diff', ...args], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { code: r.status, stdout: r.stdout };
}

describe.skipIf(!built)('diff: a volatile figure measured in one lock only', () => {
  it('is listed with `not measured` in text and Markdown, null in --json, and counted', () => {
    const text = diff('base.lock', 'new.lock');
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`  ${group} tokens: 4500 → not measured`);
    const md = diff('new.lock', 'base.lock', '--format', 'md');
    expect(md.stdout).toContain(`| \`${group}\` | \`tokens\` | not measured | 4500 | newly measured |`);
    const json = JSON.parse(diff('base.lock', 'new.lock', '--format', 'json').stdout);
    expect(json.volatile).toContainEqual({
      subject: group,
      field: 'tokens',
      old: 4500,
      new: null,
      relative: null,
      withinTolerance: false,
    });
    expect(json.summary.volatileOutOfTolerance).toBe(1);
  });
});
