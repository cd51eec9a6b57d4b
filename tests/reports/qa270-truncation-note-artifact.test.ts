/**
 * QA270: a report.md cut to fit a pull-request comment ended "The full report is
 * `.evalc/reports/report.html` (also report.json)": a path on the CI runner, which the PR's reader
 * cannot open. The note now says where they find it: the workflow run's artifacts, as the README's
 * GitHub Actions recipe uploads the reports folder (`evalc-reports`).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildModel } from '../../src/reports/index.js';
import { renderMarkdownReport } from '../../src/reports/markdown.js';
import { baselineLock } from '../fixtures/locks/variants.js';

describe("report.md's truncation note", () => {
  it('tells a PR reader to take the full report from the workflow run artifacts', () => {
    const md = renderMarkdownReport(buildModel({ lock: baselineLock() }), 4_000);
    const note = md.trimEnd().split('\n').at(-1) ?? '';
    expect(note).toMatch(/^> ✂️ This report was truncated to fit a pull-request comment\./);
    expect(note).toContain('`.evalc/reports/report.html` (also report.json) where evalc ran');
    expect(note).toContain("download that folder from the workflow run's artifacts (`evalc-reports`");
    expect(md.length).toBeLessThanOrEqual(4_000);
  });

  it("names the artifact the README's CI recipe uploads", () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    expect(readme).toMatch(
      /uses: actions\/upload-artifact@v\d+\n\s+if: always\(\)\n\s+with: \{ name: evalc-reports, path: \.evalc\/reports\/ \}/,
    );
  });
});
