/**
 * Whether a path the user gave is a regular file (QA26). A process substitution
 * (`<(git show HEAD:evalc.lock)`, `<(envsubst < plan.tmpl.yaml)`) is a pipe under /dev/fd: it can be
 * read once, but it has no folder beside it for `evalc.lock`, `.evalc/` or the reports, and making
 * one there never returned (Node's recursive mkdir spins under /proc).
 */
import { statSync } from 'node:fs';

export function isRegularFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** A path that exists and is not a regular file or a folder (a pipe, a device). */
export function isPipeLike(file: string): boolean {
  try {
    const stat = statSync(file);
    return !stat.isFile() && !stat.isDirectory();
  } catch {
    return false;
  }
}
