/**
 * QA274: a report.md written elsewhere (`apply --out DIR`, `report --out DIR`) and cut to fit a PR
 * comment ended "… `out/pr/report.html` (also report.json) where evalc ran; from CI, download that
 * folder from the workflow run's artifacts (`evalc-reports` in evalc's GitHub Actions recipe)": that
 * artifact holds `.evalc/reports/` only, not DIR. The note now says DIR is there only if the workflow
 * uploads it; the default folder keeps naming `evalc-reports`.
 */
import { describe, expect, it } from 'vitest';
import { buildModel } from '../../src/reports/index.js';
import { renderMarkdownReport } from '../../src/reports/markdown.js';
import { baselineLock } from '../fixtures/locks/variants.js';

const lastLine = (md: string) => md.trimEnd().split('\n').at(-1) ?? '';

describe("report.md's truncation note with --out", () => {
  it('does not send the reader of a report written to --out DIR to the evalc-reports artifact', () => {
    const md = renderMarkdownReport(buildModel({ lock: baselineLock(), reportsPath: 'out/pr' }), 4_000);
    const note = lastLine(md);
    expect(note).toContain('`out/pr/report.html` (also report.json) where evalc ran');
    expect(note).toContain(
      "from CI, download that folder from the workflow run's artifacts if the workflow uploads it (evalc's GitHub Actions recipe uploads `.evalc/reports/` only, as `evalc-reports`).",
    );
    expect(note).not.toContain('`evalc-reports` in evalc');
    expect(md.length).toBeLessThanOrEqual(4_000);
  });

  it('names the evalc-reports artifact for the default folder, .evalc/reports/', () => {
    const note = lastLine(renderMarkdownReport(buildModel({ lock: baselineLock() }), 4_000));
    expect(note).toContain(
      "`.evalc/reports/report.html` (also report.json) where evalc ran; from CI, download that folder from the workflow run's artifacts (`evalc-reports` in evalc's GitHub Actions recipe).",
    );
  });
});
