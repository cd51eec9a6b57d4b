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
import { buildModel, emitReport, REPORT_FILES, type ReportFile, type ReportInput } from '../reports/index.js';
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
 * Writes the reports of `input` (trajectories already read; all four unless `names` picks some)
 * into `dir`; returns the file names, calling `onWritten` after each file is in place.
 * The folder's stamp is dropped first and each report is written to `<name>.tmp-<pid>` then
 * renamed (QA67): a run killed mid-write (`kill -9`) leaves whole reports, old or new, and no
 * stamp claiming them current, so the next apply renders them again.
 */
export function writeReportFiles(
  dir: string,
  input: ReportInput,
  names: readonly ReportFile[] = REPORT_FILES,
  onWritten?: (name: ReportFile) => void,
): string[] {
  mkdirSync(dir, { recursive: true });
  forgetReportStamp(dir);
  const model = buildModel(input);
  const written: string[] = [];
  for (const name of [...names].sort()) {
    writeInPieces(path.join(dir, name), (write) => emitReport(name, model, input.lock.volatile, write));
    written.push(name);
    onWritten?.(name);
  }
  return written;
}

/**
 * One report handed to `sink` (e.g. stdout) in pieces of about 64 KB, never as one string
 * (QA86: `evalc report --format json` held the whole 284 MB text, and rendered all four files).
 */
export function emitReportInPieces(name: ReportFile, input: ReportInput, sink: (text: string) => void): void {
  const model = buildModel(input);
  emitBuffered(sink, (write) => emitReport(name, model, input.lock.volatile, write));
}

/** Runs `emit`, joining its small pieces into ~64 KB texts for `sink`. */
function emitBuffered(sink: (text: string) => void, emit: (write: (text: string) => void) => void): void {
  let pending: string[] = [];
  let pendingLength = 0;
  const flush = () => {
    if (pendingLength === 0) return;
    sink(pending.length === 1 ? pending[0]! : pending.join(''));
    pending = [];
    pendingLength = 0;
  };
  emit((text) => {
    pending.push(text);
    pendingLength += text.length;
    if (pendingLength >= WRITE_CHUNK) flush();
  });
  flush();
}

function writeInPieces(file: string, emit: (write: (text: string) => void) => void): void {
  removeStaleTemps(file);
  const tmp = `${file}.tmp-${process.pid}`;
  const fd = openTemp(tmp, file);
  try {
    emitBuffered((text) => writeTextSync(fd, text), emit);
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

/**
 * Opens `<file>.tmp-<pid>`; a refusal names the report, not the temp file nobody asked for
 * (QA95: `--out` a read-only folder said `open '…/junit.xml.tmp-28970'`).
 */
function openTemp(tmp: string, file: string): number {
  try {
    return openSync(tmp, 'w');
  } catch (err) {
    if (err instanceof Error && (err as { path?: unknown }).path === tmp) {
      err.message = err.message.split(tmp).join(file);
      Object.assign(err, { path: file });
    }
    throw err;
  }
}
