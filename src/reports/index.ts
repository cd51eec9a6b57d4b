/**
 * Public API of the reports: `renderReports(input)` returns the four report files as text,
 * deterministic for the same input (sorted, no clock). With a baseline it compares the runs
 * with `diffLocks` (the lockfile layer's pure comparison).
 */
import { diffLocks } from '../lockfile/diff.js';
import { selectLock } from '../lockfile/select-lock.js';
import type { Lockfile } from '../lockfile/types.js';
import { renderHtmlReport } from './html.js';
import { emitJsonReport } from './json.js';
import { emitJunitReport } from './junit.js';
import { renderMarkdownReport } from './markdown.js';
import { buildReportModel, type ReportModel } from './report-model.js';
import type { RenderedReports, ReportFile, ReportInput } from './types.js';

export { renderMarkdownDiff } from './markdown-diff.js';
export { MARKDOWN_LIMIT } from './markdown-fit.js';
export { counted, renderTextDiff } from './text-diff.js';
export type { InvokeRecord, RenderedReports, ReportFile, ReportInput } from './types.js';
export { FULL_REPORT_PATH, REPORT_FILES } from './types.js';

export function buildModel(input: ReportInput): ReportModel {
  const { baseline, lock, only } = input;
  const diff = !baseline
    ? null
    : only === undefined
      ? diffLocks(baseline, lock)
      : diffLocks(selectLock(baseline, only), selectLock(lock, only));
  return buildReportModel(input, diff);
}

export function renderReports(input: ReportInput): RenderedReports {
  const model = buildModel(input);
  const render = (file: ReportFile) => {
    const parts: string[] = [];
    emitReport(file, model, input.lock.volatile, (text) => parts.push(text));
    return parts.join('');
  };
  return {
    'report.md': render('report.md'),
    'report.json': render('report.json'),
    'junit.xml': render('junit.xml'),
    'report.html': render('report.html'),
  };
}

/**
 * One report file as a sequence of text pieces (concatenated, exactly `renderReports`' text),
 * so a caller can write a large run's reports one at a time without holding them as strings.
 */
export function emitReport(
  file: ReportFile,
  model: ReportModel,
  volatile: Lockfile['volatile'],
  write: (text: string) => void,
): void {
  if (file === 'report.json') emitJsonReport(model, volatile, write);
  else if (file === 'report.md') write(renderMarkdownReport(model));
  else if (file === 'junit.xml') emitJunitReport(model, write);
  else write(renderHtmlReport(model));
}
