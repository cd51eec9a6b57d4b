/**
 * The bytes of a plan file or an include, or why they cannot be read. A device (`include:
 * [/dev/zero]`, `evalc validate /dev/urandom`) was read until memory ran out — 23 GB, deaf to
 * SIGTERM — and a folder or a file over 2 GiB was "not found" (QA59). The plan named on the command
 * line may be a pipe (`evalc validate <(envsubst < plan.tmpl.yaml)`, README "Pipes"); an include may
 * not, as a dataset source may not.
 */
import { readFileSync, realpathSync, statSync } from 'node:fs';

export type PlanFileBytes = { ok: true; bytes: Buffer } | { ok: false; missing: boolean; reason?: string };

export function readPlanFile(file: string, included: boolean): PlanFileBytes {
  try {
    const stat = statSync(file);
    if (stat.isDirectory()) return { ok: false, missing: false, reason: 'is a folder, not a file' };
    if (!stat.isFile() && (included || !stat.isFIFO()))
      return { ok: false, missing: false, reason: 'is not a regular file (a pipe or a device)' };
    // A FIFO made with mkfifo, unlike a process substitution's pipe, may have no writer: the read
    // waited for ever, deaf to SIGTERM (QA223). Stat only; never opened.
    if (stat.isFIFO() && hasRealPath(file))
      return {
        ok: false,
        missing: false,
        reason: 'is a named pipe (FIFO), not a plan file: save the plan to a file, or pass it as <(command)',
      };
    return { ok: true, bytes: readFileSync(file) };
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'EACCES' || code === 'EPERM')
      return { ok: false, missing: false, reason: 'cannot be read (permission denied)' };
    if (code === 'ERR_FS_FILE_TOO_LARGE')
      return { ok: false, missing: false, reason: 'is too large to read (over 2 GiB)' };
    if (code === 'ELOOP') return { ok: false, missing: false, reason: 'is a symbolic link that loops' };
    if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, missing: true };
    const message = err instanceof Error ? err.message : String(err);
    return { ok: false, missing: false, reason: `cannot be read (${message})` };
  }
}

/** A process substitution's pipe (/dev/fd/N) has no real path: realpath fails or lands in /proc. */
function hasRealPath(file: string): boolean {
  try {
    return !realpathSync.native(file).startsWith('/proc/');
  } catch {
    return false;
  }
}
