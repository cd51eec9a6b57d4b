/** Reads a lockfile named on the command line; a missing or invalid one is a clear exit 1. */
import { statSync } from 'node:fs';
import path from 'node:path';
import { readLockFile } from '../lockfile/serialize.js';
import type { Lockfile } from '../lockfile/types.js';
import { withoutUrlCredentials } from '../plan/url-secrets.js';
import { EXIT, ExitError } from './exit-error.js';

export function loadLockArgument(cwd: string, file: string, role: string): { lock: Lockfile; file: string } {
  // A folder names its evalc.lock, as a plan folder names its evalc.yaml and `cache prune --lock DIR`
  // its lock (QA51: `report --from plan-dir` said "no lockfile at plan-dir").
  const named = path.resolve(cwd, file);
  const resolved = file !== '' && isFolder(named) ? path.join(named, 'evalc.lock') : named;
  const read = readLockFile(resolved);
  if (!read.ok) {
    const hint = read.missing ? ` (run \`evalc apply\` to create it, or check the path)` : '';
    throw new ExitError(EXIT.failure, `cannot read the ${role} lockfile: ${read.message}${hint}`);
  }
  const lock = read.lock;
  const missing = ['aggregates', 'groups', 'run'].filter(
    (k) => typeof (lock as unknown as Record<string, unknown>)[k] !== 'object',
  );
  if (missing.length > 0) {
    throw new ExitError(
      EXIT.failure,
      `cannot read the ${role} lockfile: ${resolved} is not an evalc lockfile (missing ${missing.join(', ')})`,
    );
  }
  return { lock: withoutUrlCredentials(lock), file: resolved };
}

function isFolder(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}
