/**
 * `mkdir -p` for the folders the CLI creates where the user points it (`--out`, `init [dir]`,
 * `report`'s `.evalc/reports` beside a lockfile) (QA26). Node's `mkdirSync(dir, { recursive: true })`
 * never returns when a parent exists but refuses children with ENOENT, as /proc and /dev/fd do:
 * `evalc report --from <(git show HEAD:evalc.lock)` wanted `/dev/fd/.evalc/reports` and spun at
 * 100% CPU, deaf to Ctrl-C and SIGTERM (the loop is synchronous). Here each missing folder is made
 * once, from the nearest one that exists, and the first failure is thrown as it is.
 */
import { lstatSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';

export function makeFolder(dir: string): void {
  const missing: string[] = [];
  let at = path.resolve(dir);
  while (!exists(at)) {
    // A broken symlink on the way: nothing can be made through it (Node says ENOENT too).
    if (isLink(at))
      throw Object.assign(new Error(`ENOENT: no such file or directory, mkdir '${dir}'`), {
        code: 'ENOENT',
        syscall: 'mkdir',
        path: dir,
      });
    missing.push(at);
    const parent = path.dirname(at);
    if (parent === at) break;
    at = parent;
  }
  // The folder itself is a file: as Node's recursive mkdir says (describe-fs-error explains EEXIST).
  if (missing.length === 0 && !isDirectory(at))
    throw Object.assign(new Error(`EEXIST: file already exists, mkdir '${dir}'`), {
      code: 'EEXIST',
      syscall: 'mkdir',
      path: dir,
    });
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder);
    } catch (err) {
      // Made meanwhile by another process: fine, as `mkdir -p` would say.
      if ((err as { code?: unknown }).code !== 'EEXIST' || !isDirectory(folder)) throw err;
    }
  }
}

function exists(file: string): boolean {
  try {
    statSync(file);
    return true;
  } catch {
    return false;
  }
}

function isLink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

function isDirectory(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}
