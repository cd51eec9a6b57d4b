/**
 * Public API of the reports: `renderReports(input)` returns the four report files as text,
 * deterministic for the same input (sorted, no clock). With a baseline it compares the runs
 * with `diffLocks` (the lockfile layer's pure comparison).
 */
import { diffLocks } from '../lockfile/diff.js';
import { renderHtmlReport } from './html.js';
import { renderJsonReport } from './json.js';
import { renderJunitReport } from './junit.js';
import { renderMarkdownReport } from './markdown.js';
import { buildReportModel, type ReportModel } from './report-model.js';
import type { RenderedReports, ReportInput } from './types.js';

export { renderMarkdownDiff } from './markdown-diff.js';
export { MARKDOWN_LIMIT } from './markdown-fit.js';
export { renderTextDiff } from './text-diff.js';
export type { InvokeRecord, RenderedReports, ReportFile, ReportInput } from './types.js';
export { FULL_REPORT_PATH, REPORT_FILES } from './types.js';

export function buildModel(input: ReportInput): ReportModel {
  const diff = input.baseline ? diffLocks(input.baseline, input.lock) : null;
  return buildReportModel(input, diff);
}

export function renderReports(input: ReportInput): RenderedReports {
  const model = buildModel(input);
  return {
    'report.md': renderMarkdownReport(model),
    'report.json': renderJsonReport(model, input.lock.volatile),
    'junit.xml': renderJunitReport(model),
    'report.html': renderHtmlReport(model),
  };
}
