/** What the report renderers receive and return. */
import type { Lockfile } from '../lockfile/types.js';
import type { Trajectory } from '../protocols/types.js';

/** What one invoke step left behind (from the run or the cache), keyed by its invoke key. */
export interface InvokeRecord {
  trajectory?: Trajectory;
  /** Named candidate values the extraction produced. */
  candidates?: Record<string, unknown>;
  durationMs?: number;
  /** `details`: the failed invoke's structured details (a RAIP 400's `ajvErrors`, an HTTP body excerpt…), secrets scrubbed. */
  error?: { kind: string; message: string; details?: unknown };
}

export interface ReportInput {
  lock: Lockfile;
  /** The baseline run: turns on deltas, flips and the two-run comparison. */
  baseline?: Lockfile;
  /**
   * The `--only task[/dataset]` selection `lock` ran (QA70): the comparison with the baseline
   * covers that part of both runs (lockfile/select-lock.ts), not the baseline's other datasets.
   */
  only?: string;
  /** Invoke key → what the invoke produced. Reports work without it (scores only). */
  trajectories?: Record<string, InvokeRecord>;
  /** Score key → the judge's rationale. */
  judgeRationales?: Record<string, string>;
  /** Score key → the details of a failed (non-judge) metric's score: why it failed. */
  failureDetails?: Record<string, unknown>;
  /**
   * The folder the reports are written to, as report.md names it (relative to the plan's folder,
   * `/`-separated: `out/pr`); default `.evalc/reports`. Never a host path when inside the plan folder.
   */
  reportsPath?: string;
  /**
   * Rendered without the run's cache (`evalc report` where `.evalc/cache` is not at hand): report.md
   * says its answers, failure reasons and trajectories are missing, not just absent (QA261).
   */
  withoutCache?: boolean;
}

export interface RenderedReports {
  'report.md': string;
  'report.json': string;
  'junit.xml': string;
  'report.html': string;
}

export type ReportFile = keyof RenderedReports;

export const REPORT_FILES: readonly ReportFile[] = ['report.md', 'report.json', 'junit.xml', 'report.html'];

/** Where the full report lives, named by a truncated report.md (unless `reportsPath` says otherwise). */
export const FULL_REPORT_PATH = '.evalc/reports/report.html';

/** report.html beside report.md, as report.md names it. */
export function fullReportPath(reportsPath: string | undefined): string {
  return reportsPath === undefined
    ? FULL_REPORT_PATH
    : `${reportsPath.replace(/\/+$/, '') || '.'}/report.html`;
}
