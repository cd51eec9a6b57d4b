import { accessSync, constants, existsSync, lstatSync, statSync } from 'node:fs';
import path from 'node:path';
import { lockWriteTarget } from '../lockfile/lock-write-target.js';
import { reportsDirOf } from './report-paths.js';

/**
 * The lockfile is written beside the plan when the run ends. A plan folder apply cannot write in
 * (a read-only checkout, a folder of another user) let the whole run call its agents and judges,
 * then failed on `evalc.lock.tmp-<pid>` and wrote no report (QA68). Checked once nothing is up to
 * date, before the first call: the refusal is the one the write would have met, naming the lockfile.
 */
export function checkLockFolderWritable(lockFile: string): void {
  // An evalc.lock that links to a lockfile is written in that file's folder (QA216: a folder apply
  // cannot write in there let the run call every agent, then failed, as QA68's plan folder did).
  const target = lockWriteTarget(lockFile);
  checkWritable(path.dirname(target), `open '${target}'`, target);
  // A folder named evalc.lock let the run call every agent, then failed renaming the temp file
  // onto it (QA183): refused here as the write would be.
  if (isFolder(lockFile))
    throw Object.assign(
      new Error(
        `EISDIR: illegal operation on a directory, open '${lockFile}' (checked before calling any agent)`,
      ),
      { code: 'EISDIR', syscall: 'open', path: lockFile },
    );
}

function isLink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

function isFolder(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The reports are written once the run has ended. A reports folder apply cannot write in (`--out`
 * a read-only folder, a `.evalc/reports` of another user) let the run call every agent, write
 * evalc.lock, then fail on `junit.xml.tmp-<pid>` (QA95). Checked with the lockfile's folder,
 * before the first call; a folder not made yet is checked at its nearest existing parent.
 */
export function checkReportsFolderWritable(
  options: { outDir?: string | undefined; cwd: string },
  stateDir: string,
): void {
  const reportsDir = reportsDirOf(options, stateDir);
  let folder = path.resolve(reportsDir);
  while (!existsSync(folder) && !isLink(folder) && path.dirname(folder) !== folder)
    folder = path.dirname(folder);
  // A broken link where the reports folder (or one above it) goes: the run called every agent
  // and wrote evalc.lock, then failed making the folder (QA188, the case next to QA183's file).
  if (!existsSync(folder))
    throw Object.assign(
      new Error(
        `ENOENT: no such file or directory, mkdir '${path.resolve(reportsDir)}' (checked before calling any agent)`,
      ),
      { code: 'ENOENT', syscall: 'mkdir', path: path.resolve(reportsDir) },
    );
  // A file where the reports folder (or a folder above it) goes let the run call every agent and
  // write evalc.lock, then fail making the folder (QA183): refused here as that mkdir would be.
  if (!isFolder(folder)) {
    const target = path.resolve(reportsDir);
    const [code, reason] =
      folder === target ? ['EEXIST', 'file already exists'] : ['ENOTDIR', 'not a directory'];
    throw Object.assign(
      new Error(`${code}: ${reason}, mkdir '${target}' (checked before calling any agent)`),
      {
        code,
        syscall: 'mkdir',
        path: target,
      },
    );
  }
  checkWritable(folder, `reports folder '${reportsDir}'`, folder);
}

/** Throws the refusal a write in `folder` would meet (`EACCES: permission denied, <what>`), naming `what`. */
function checkWritable(folder: string, what: string, errorPath: string): void {
  try {
    accessSync(folder, constants.W_OK);
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (typeof code !== 'string') throw err;
    const reason = err instanceof Error ? err.message.replace(/, access .*$/, '') : code;
    throw Object.assign(new Error(`${reason}, ${what} (checked before calling any agent)`), {
      code,
      syscall: 'open',
      path: errorPath,
    });
  }
}
