/**
 * A lockfile's text, or why there is none. Only a lock that is not there (no file, no such
 * folder) is "missing" — a first run, whose apply writes one. A lock that is there but cannot be
 * read (another user's, mode 000, an I/O error) is a failure that names why: it was read as
 * missing, so `plan` said "no lockfile yet" and apply overwrote it (QA188). A folder in its place
 * reads as missing here; apply refuses it before any agent is asked (lock-folder-check.ts).
 */
import { readFileSync } from 'node:fs';

export type LockText =
  | { ok: true; text: string }
  | { ok: false; missing: true; message: string }
  | { ok: false; missing: false; unreadable: true; message: string };

export function readLockText(file: string): LockText {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR')
      return { ok: false, missing: true, message: `no lockfile at ${file}` };
    const why =
      code === 'EACCES' || code === 'EPERM'
        ? 'permission denied: evalc runs as a user that cannot read it; check its mode and owner (`ls -l`)'
        : `${code ?? (err instanceof Error ? err.message : String(err))}`;
    return { ok: false, missing: false, unreadable: true, message: `${file} cannot be read (${why})` };
  }
  // A UTF-8 byte order mark (a Windows editor's save) is not part of the JSON (RFC 8259 §8.1).
  return { ok: true, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
}
