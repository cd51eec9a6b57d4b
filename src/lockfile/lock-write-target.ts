/**
 * Where a lockfile is written: an evalc.lock that is a symbolic link to a regular file is written
 * through the link, onto the file it names (QA212: apply's temp-file + rename replaced the link with a
 * plain file, leaving the lock it pointed at — `locks/prod.lock`, a shared checkout's — as it was,
 * while `plan` and `diff` had read that one). A link to nothing is replaced by the lock, as before.
 */
import { lstatSync, realpathSync, statSync } from 'node:fs';

export function lockWriteTarget(file: string): string {
  try {
    if (!lstatSync(file).isSymbolicLink()) return file;
    const target = realpathSync(file);
    return statSync(target).isFile() ? target : file;
  } catch {
    return file;
  }
}
