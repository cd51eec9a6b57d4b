import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/**
 * The lockfile is written beside the plan when the run ends. A plan folder apply cannot write in
 * (a read-only checkout, a folder of another user) let the whole run call its agents and judges,
 * then failed on `evalc.lock.tmp-<pid>` and wrote no report (QA68). Checked once nothing is up to
 * date, before the first call: the refusal is the one the write would have met, naming the lockfile.
 */
export function checkLockFolderWritable(lockFile: string): void {
  const folder = path.dirname(lockFile);
  try {
    accessSync(folder, constants.W_OK);
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (typeof code !== 'string') throw err;
    const reason = err instanceof Error ? err.message.replace(/, access .*$/, '') : code;
    throw Object.assign(new Error(`${reason}, open '${lockFile}' (checked before calling any agent)`), {
      code,
      syscall: 'open',
      path: lockFile,
    });
  }
}
