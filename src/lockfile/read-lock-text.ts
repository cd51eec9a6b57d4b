/**
 * A lockfile's text, or why there is none. Only a lock that is not there (no file, no such
 * folder) is "missing" — a first run, whose apply writes one. A lock that is there but cannot be
 * read (another user's, mode 000, an I/O error) is a failure that names why: it was read as
 * missing, so `plan` said "no lockfile yet" and apply overwrote it (QA188). A folder in its place
 * reads as missing here; apply refuses it before any agent is asked (lock-folder-check.ts).
 */
import { lstatSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import path from 'node:path';
import { isNamedFifo } from './named-fifo.js';

export type LockText =
  | { ok: true; text: string }
  | { ok: false; missing: true; message: string }
  | { ok: false; missing: false; unreadable: true; message: string };

export function readLockText(file: string): LockText {
  // Stat before open: a FIFO named as a lock (`diff a.lock fifo`) hung in the read (QA223).
  if (isNamedFifo(file))
    return {
      ok: false,
      missing: false,
      unreadable: true,
      message: `${file}${linkNote(file)} is a named pipe (FIFO), not a lockfile: evalc does not open one (with no writer the read waits for ever); save the lock to a file, or pass it as <(command)`,
    };
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') {
      const dangling = danglingLockLink(file);
      return { ok: false, missing: true, message: dangling ?? `no lockfile at ${file}` };
    }
    // A loop of links (l1 → l2 → l1) read "cannot be read (ELOOP)" (QA232, as e99fcc4 for init's plan).
    const loop = code === 'ELOOP' ? danglingLockLink(file) : undefined;
    if (loop) return { ok: false, missing: false, unreadable: true, message: loop };
    const why =
      code === 'EACCES' || code === 'EPERM'
        ? 'permission denied: evalc runs as a user that cannot read it; check its mode and owner (`ls -l`)'
        : `${code ?? (err instanceof Error ? err.message : String(err))}`;
    return { ok: false, missing: false, unreadable: true, message: `${file} cannot be read (${why})` };
  }
  // A UTF-8 byte order mark (a Windows editor's save) is not part of the JSON (RFC 8259 §8.1).
  return { ok: true, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
}

/**
 * Why the lockfile evalc reads beside a plan, and writes there when the run ends, is refused: it is
 * there but is not a regular file (QA201). A FIFO named evalc.lock hung `plan` and `apply` in the
 * read until SIGKILL (a blocked read runs no signal handler); a folder read as "no lockfile yet", so
 * `plan` said nothing (apply refuses a folder in its own words: `folders: false`, lock-folder-check.ts,
 * locked-inputs.ts). A link to a regular file is read as today. Locks a user names (`diff`,
 * `report --from`, `--baseline`) are read as given: a process substitution is a pipe.
 */
export function irregularLockFile(file: string, { folders = true } = {}): string | undefined {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(file);
  } catch {
    return undefined;
  }
  if (stat.isFile() || (!folders && stat.isDirectory())) return undefined;
  const kind = stat.isDirectory()
    ? 'a folder'
    : stat.isFIFO()
      ? 'a named pipe (FIFO)'
      : stat.isSocket()
        ? 'a socket'
        : stat.isCharacterDevice() || stat.isBlockDevice()
          ? 'a device'
          : 'not a regular file';
  // apply --only's own lock was told it was "the evalc.lock beside the plan" (QA223).
  const which =
    path.basename(file) === 'evalc.only.lock' && path.basename(path.dirname(file)) === '.evalc'
      ? "apply --only's .evalc/evalc.only.lock and writes it there when an --only run ends"
      : 'the evalc.lock beside the plan and writes it there when the run ends';
  return `${file}${linkNote(file)} is ${kind}, not a lockfile: evalc reads ${which}; move it away and run again`;
}

function linkNote(file: string): string {
  try {
    return lstatSync(file).isSymbolicLink() ? ` (a link to ${readlinkSync(file)})` : '';
  } catch {
    return '';
  }
}

/**
 * A lock whose name is a link to a file that is not there: read as "no lockfile yet", which hid the
 * link and where it points (QA223). Names the target, as the link holds it.
 */
export function danglingLockLink(file: string): string | undefined {
  try {
    if (!lstatSync(file).isSymbolicLink()) return undefined;
    statSync(file);
    return undefined;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR' && code !== 'ELOOP') return undefined;
    try {
      return `no lockfile at ${file}: it is a link to ${linkChain(file).join(', a link to ')}, ${code === 'ELOOP' ? 'a loop of links that reaches no file' : 'which does not exist'}`;
    } catch {
      return undefined;
    }
  }
}

/**
 * Each target of a chain of links, as each link holds it: `l1 → l2 → gone/x.lock` read "a link to
 * l2, which does not exist", where l2 is there, a link itself (QA228).
 */
export function linkChain(file: string): string[] {
  const chain: string[] = [];
  let at = file;
  const seen = new Set([path.resolve(file)]);
  for (let hop = 0; hop < 16; hop++) {
    const target = readlinkSync(at);
    chain.push(target);
    at = path.resolve(path.dirname(at), target);
    if (seen.has(at)) break; // a loop: each link said once
    seen.add(at);
    try {
      if (!lstatSync(at).isSymbolicLink()) break;
    } catch {
      break;
    }
  }
  return chain;
}
