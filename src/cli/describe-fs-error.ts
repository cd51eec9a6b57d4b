/**
 * A file system refusal in words: `cannot write: EEXIST: file already exists, mkdir 'out'` says
 * what failed; this says why in the user's terms (`out is a file, not a folder`), naming the
 * path relative to the working directory.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { whyFolderNotMade } from './mkdir-refusal.js';

interface FileSystemError {
  code?: unknown;
  syscall?: unknown;
  path?: unknown;
  dest?: unknown;
}

/** System calls that only read (a `stat` of a folder one cannot enter): the refusal is to read. */
const READING = new Set(['stat', 'lstat', 'read', 'scandir', 'opendir', 'access']);

/** `read` or `write`: what the failed call was doing. */
export function accessOf(error: unknown): 'read' | 'write' {
  const syscall = (error as FileSystemError | null)?.syscall;
  return typeof syscall === 'string' && READING.has(syscall) ? 'read' : 'write';
}

export function explainFileSystemError(error: unknown, cwd: string): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const err = error as FileSystemError;
  const target =
    typeof err.dest === 'string' ? err.dest : typeof err.path === 'string' ? err.path : undefined;
  if (target === undefined) return undefined;
  const shown = path.relative(cwd, path.resolve(cwd, target)) || target;
  switch (err.code) {
    case 'EEXIST':
      return err.syscall === 'mkdir' ? `${shown} is a file, not a folder` : undefined;
    case 'ENOTDIR':
      return `a part of ${shown} is a file, not a folder`;
    case 'EISDIR':
      return `${shown} is a folder, not a file`;
    case 'ELOOP':
      return `a link on the way to ${shown} is a loop of links, which reaches no file`;
    case 'EFTYPE':
      return `${shown} is a pipe or a device, not a file: remove it`;
    case 'EACCES':
    case 'EPERM':
      // A folder mkdir could not make does not exist: the one refused is the nearest folder on its
      // path that does (QA303: 'no permission to write roc/sub' named a folder that is not there;
      // QA310: a recursive mkdir names its leaf, so `.evalc/cache` in a read-only plan folder read
      // `no permission to write in .evalc`, a folder not there either).
      if (err.syscall === 'mkdir') {
        const nearest = nearestExisting(path.resolve(cwd, target));
        return `cannot create ${shown}: no permission to write in ${path.relative(cwd, nearest) || nearest}`;
      }
      return `no permission to ${accessOf(error)} ${shown}`;
    case 'EROFS':
      return `${shown} is on a read-only file system`;
    case 'ENOSPC':
      return `no space left on the device writing ${shown}: free some there and run it again`;
    case 'EDQUOT':
      return `the disk quota ran out writing ${shown}: free some space there and run it again`;
    case 'ENOENT':
      if (err.syscall !== 'mkdir') return undefined;
      return `cannot create ${shown}: ${
        whyFolderNotMade(path.resolve(cwd, target), (file) => path.relative(cwd, file) || file) ??
        'a folder on its path is a broken link, or its file system is read-only'
      }`;
    case 'EFBIG':
      return `${shown} reached the largest file size allowed here: raise the limit (ulimit -f) and run it again`;
    default:
      return undefined;
  }
}

/** The nearest folder above `folder` that exists: its parent when none does below the root. */
function nearestExisting(folder: string): string {
  const parent = path.dirname(folder);
  let at = parent;
  while (!existsSync(at) && path.dirname(at) !== at) at = path.dirname(at);
  return path.dirname(at) === at ? parent : at;
}
