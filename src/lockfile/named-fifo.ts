/**
 * Whether a name reaches a named pipe made with `mkfifo` (QA223). Opening one for reading waits
 * for a writer, for ever when there is none, and a blocked read runs no signal handler (SIGTERM
 * does not stop it): `evalc diff a.lock fifo`, `report --from fifo`, `cache prune --lock fifo` hung.
 * Only `stat` is used, which never blocks. A process substitution (`<(git show HEAD:evalc.lock)`,
 * /dev/fd/N, /dev/stdin) is an anonymous pipe with a writer behind it, read as given: it has no
 * real path (realpath fails, or lands under /proc).
 */
import { realpathSync, statSync } from 'node:fs';

export function isNamedFifo(file: string): boolean {
  try {
    if (!statSync(file).isFIFO()) return false;
  } catch {
    return false;
  }
  try {
    return !realpathSync.native(file).startsWith('/proc/');
  } catch {
    return false;
  }
}
