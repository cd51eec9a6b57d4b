import path from 'node:path';

/**
 * A write to the cache log failed. It keeps the file system's `code` and names the log as its
 * `path`, so the command line explains it in one line like any other file system refusal.
 */
/** What to do about a write the file system refused, by its code (QA294: every one read `fix this`). */
const REMEDY: Record<string, string> = {
  ENOSPC: 'free space on its disk',
  EDQUOT: 'free space in your disk quota',
  EFBIG: 'raise the file size limit (ulimit -f)',
};

export class CacheWriteError extends Error {
  readonly code: string | undefined;
  readonly path: string;

  /** `readOnly`: the folder could not be written from the start (nothing of this run was cached). */
  constructor(file: string, cause: unknown, options: { readOnly?: boolean } = {}) {
    const code = (cause as { code?: unknown } | null)?.code;
    const said = cause instanceof Error ? cause.message : String(cause);
    super(
      options.readOnly
        ? `the cache ${path.dirname(file)} cannot be written (${said}): a run on it can only use the steps it already holds — make it writable, or use another --cache-dir`
        : `the cache log ${file}: ${said}; the steps completed before it are cached — ${REMEDY[typeof code === 'string' ? code : ''] ?? 'fix this'} and run apply again to finish`,
    );
    this.name = 'CacheWriteError';
    this.code = typeof code === 'string' ? code : undefined;
    this.path = file;
  }
}
