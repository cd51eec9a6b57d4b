/** Reads a lockfile named on the command line; a missing or invalid one is a clear exit 1. */
import { statSync } from 'node:fs';
import path from 'node:path';
import { readLockFile } from '../lockfile/serialize.js';
import type { Lockfile } from '../lockfile/types.js';
import { maskUrlQueryCredentials } from '../plan/url-secrets.js';
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

/**
 * The lock with each url it records (an agent's or judge's endpoint, a remote dataset's source)
 * written with its query credential `***`, as this evalc records it: a lock an earlier evalc wrote
 * kept `?code=<value>`, which `evalc diff` and a report against it quoted as a changed endpoint
 * (QA165). Read as written otherwise.
 */
function withoutUrlCredentials(lock: Lockfile): Lockfile {
  const mask = <T extends object>(records: Record<string, T> | undefined, field: keyof T & string) => {
    for (const record of Object.values(records ?? {})) {
      const value = (record as Record<string, unknown>)[field];
      if (typeof value === 'string' && /^[a-z][a-z0-9+.-]*:\/\//i.test(value))
        (record as Record<string, unknown>)[field] = maskUrlQueryCredentials(value);
    }
  };
  mask(lock.agents, 'endpoint');
  mask(lock.judges, 'endpoint');
  mask(lock.datasets, 'source');
  return lock;
}

function isFolder(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}
