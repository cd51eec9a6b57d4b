/**
 * The end of a live apply, after its lockfile is written: the reports' sources read back from
 * the cache, then the cache and the examples released before
 * the four reports are rendered (a 100k-example run's peak), the reports' stamp (a digest of the
 * lockfile bytes written) and `run.log`.
 */
import type { Hash } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Lockfile } from '../lockfile/types.js';
import type { GateResult } from '../metrics/index.js';
import type { ApplyOptions } from './apply-types.js';
import { lockGateOf } from './build-lock.js';
import type { HeapWatch } from './heap-watch.js';
import { reportsDirOf, shownPath } from './report-paths.js';
import type { RunLog } from './run-log.js';
import type { RunStore } from './run-store.js';
import { reportSources } from './trajectories.js';
import { finishReportStamp, writeReportStamp } from './up-to-date.js';

export interface RunReportsInput {
  lock: Lockfile;
  /** The digest of the lockfile's bytes, fed as they were written. */
  lockHash: Hash;
  /** `--baseline`'s lockfile and the gates evaluated against it. */
  baseline: { lock: Lockfile; gates: GateResult[] } | undefined;
  options: ApplyOptions;
  stateDir: string;
  planDir: string;
  logsDir: string;
  runStore: RunStore;
  /** The plan's datasets: their examples are released before the reports are rendered. */
  datasets: { examples: unknown[] }[];
  /** The report renderers, loaded while the agents worked. */
  reporting: Promise<typeof import('./write-reports.js')>;
  heap: HeapWatch;
  logLines: RunLog;
  scrub: (text: string) => string;
}

/** Writes the reports, their stamp and run.log; returns the folder and the lock the reports show. */
export async function writeRunReports(
  run: RunReportsInput,
): Promise<{ reportsDir: string; compared: Lockfile }> {
  const { lock, options, baseline } = run;
  const reportsDir = reportsDirOf(options, run.stateDir);
  // The reports read trajectories from the cache first; the cache (its index is ~3 entries per
  // example) and the examples are then released before the reports are rendered.
  // The lock is this run's own (an `--only` run's partial lock is read as any other).
  const sources = reportSources(lock, run.runStore.open(), { ownRun: !options.only });
  run.runStore.close();
  for (const d of run.datasets) d.examples = [];
  const { writeReportFiles } = await run.reporting;
  run.heap.collectAfterPhase();
  const compared = baseline ? { ...lock, gates: baseline.gates.map(lockGateOf) } : lock;
  writeReportFiles(reportsDir, {
    lock: compared,
    ...(baseline ? { baseline: baseline.lock } : {}),
    ...(baseline && options.only !== undefined ? { only: options.only } : {}),
    ...sources,
    reportsPath: shownPath(run.planDir, reportsDir),
  });
  writeReportStamp(
    reportsDir,
    finishReportStamp(
      run.lockHash,
      options.baseline ? path.resolve(options.cwd, options.baseline) : undefined,
    ),
  );
  // run.log is this run's: an earlier run's is not left behind to be read as this one's.
  const runLog = path.join(run.logsDir, 'run.log');
  if (!run.logLines.isEmpty) writeFileSync(runLog, `${run.logLines.lines().map(run.scrub).join('\n')}\n`);
  else rmSync(runLog, { force: true });
  return { reportsDir, compared };
}
