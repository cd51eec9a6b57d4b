/**
 * Writes the reports folder of a run. Reports are renderers of the lockfile plus, for the
 * HTML drill-down, the cached trajectories (read lazily by invoke key). The model is built
 * once; each file is then rendered and written on its own, in pieces through a small buffer,
 * so a 100k-example run never holds the four reports (or one whole report.json) as strings.
 */
import { closeSync, mkdirSync, openSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { removeStaleTemps } from '../lockfile/serialize.js';
import type { Lockfile } from '../lockfile/types.js';
import { buildModel, emitReport, REPORT_FILES, type ReportInput } from '../reports/index.js';
import type { StepStore } from './step-store.js';
import { reportSources } from './trajectories.js';
import { forgetReportStamp } from './up-to-date.js';
import { writeTextSync } from './write-text.js';

/** Small enough that the joined text stays in V8's young generation and dies there. */
const WRITE_CHUNK = 64 * 1024;

export function writeReports(
  dir: string,
  lock: Lockfile,
  baseline: Lockfile | undefined,
  store: StepStore,
): string[] {
  return writeReportFiles(dir, {
    lock,
    ...(baseline ? { baseline } : {}),
    ...reportSources(lock, store),
  });
}

/**
 * Writes the four reports of `input` (trajectories already read) into `dir`; returns the file names.
 * The folder's stamp is dropped first and each report is written to `<name>.tmp-<pid>` then
 * renamed (QA67): a run killed mid-write (`kill -9`) leaves whole reports, old or new, and no
 * stamp claiming them current, so the next apply renders them again.
 */
export function writeReportFiles(dir: string, input: ReportInput): string[] {
  mkdirSync(dir, { recursive: true });
  forgetReportStamp(dir);
  const model = buildModel(input);
  const written: string[] = [];
  for (const name of [...REPORT_FILES].sort()) {
    writeInPieces(path.join(dir, name), (write) => emitReport(name, model, input.lock.volatile, write));
    written.push(name);
  }
  return written;
}

function writeInPieces(file: string, emit: (write: (text: string) => void) => void): void {
  removeStaleTemps(file);
  const tmp = `${file}.tmp-${process.pid}`;
  const fd = openSync(tmp, 'w');
  try {
    let pending: string[] = [];
    let pendingLength = 0;
    const flush = () => {
      if (pendingLength === 0) return;
      writeTextSync(fd, pending.length === 1 ? pending[0]! : pending.join(''));
      pending = [];
      pendingLength = 0;
    };
    emit((text) => {
      pending.push(text);
      pendingLength += text.length;
      if (pendingLength >= WRITE_CHUNK) flush();
    });
    flush();
  } catch (err) {
    // A full disk: no half-written report is left to be read as a whole one, and the error
    // names the file (a write to a descriptor names none).
    closeSync(fd);
    rmSync(tmp, { force: true });
    rmSync(file, { force: true });
    if (err instanceof Error && !('path' in err)) Object.assign(err, { path: file });
    throw err;
  }
  closeSync(fd);
  try {
    renameSync(tmp, file);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}
