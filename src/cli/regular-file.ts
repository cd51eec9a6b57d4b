/**
 * Whether a path the user gave is a regular file (QA26). A process substitution
 * (`<(git show HEAD:evalc.lock)`, `<(envsubst < plan.tmpl.yaml)`) is a pipe under /dev/fd: it can be
 * read once, but it has no folder beside it for `evalc.lock`, `.evalc/` or the reports, and making
 * one there never returned (Node's recursive mkdir spins under /proc).
 */
import { statSync } from 'node:fs';
import path from 'node:path';

export function isRegularFile(file: string): boolean {
  if (throughDescriptor(file)) return false;
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * A file named through a descriptor, `/dev/stdin < evalc.lock`, `/proc/self/fd/0`: a regular file,
 * but its folder is /dev (QA232: `report --from /dev/stdin` wrote /dev/.evalc/reports).
 */
function throughDescriptor(file: string): boolean {
  return /^\/(?:dev\/(?:std(?:in|out|err)$|fd\/)|proc\/[^/]+\/fd\/)/.test(path.resolve(file));
}

/** A path that exists and is not a regular file or a folder (a pipe, a device), or a file named through a descriptor. */
export function isPipeLike(file: string): boolean {
  try {
    const stat = statSync(file);
    return (!stat.isFile() && !stat.isDirectory()) || (stat.isFile() && throughDescriptor(file));
  } catch {
    return false;
  }
}

/** What a path with no folder of its own is, said in a note: a pipe, or a file named through a descriptor. */
export function noFolderKind(file: string): string {
  try {
    return statSync(file).isFile() ? 'a file named through a descriptor' : 'a pipe';
  } catch {
    return 'a pipe';
  }
}

/**
 * Why a path has no folder, said in a refusal: 'is not a file (a pipe?)', or 'is a file named through
 * a descriptor' (QA242: `report --from /dev/stdin < evalc.lock` was asked 'a pipe?' of a file).
 */
export function noFolder(file: string): string {
  const kind = noFolderKind(file);
  return kind === 'a pipe' ? 'is not a file (a pipe?)' : `is ${kind}`;
}
