/**
 * What the command line says of an error that ended a command: a refusal (`ExitError`), a file
 * system refusal (the user's environment, not a bug: one line, no stack), or an internal error
 * (with its stack on stderr). `--json` callers read stdout: each also ends there as a `result`
 * event with the same words, so a CI wrapper never finds stdout without one.
 */
import { accessOf, explainFileSystemError } from './describe-fs-error.js';
import { EXIT, ExitError } from './exit-error.js';

export interface FatalReport {
  code: number;
  /** The line(s) for stderr, newline-terminated. */
  stderr: string;
  /** The `--json` result event. */
  result: { event: 'result'; exitCode: number; status: string; message: string };
}

const FILE_SYSTEM_ERRORS = new Set([
  'ENOTDIR',
  'EACCES',
  'EPERM',
  'EROFS',
  'ENOSPC',
  'EISDIR',
  'EEXIST',
  'EDQUOT',
  'EFBIG',
  'EIO',
  'EFTYPE', // a pipe or a device where a cache file belongs (executor/cache-log-scan.ts)
  'ELOOP', // a loop of links on a path (`evalc init loop`, loop → loop: a stack trace, QA234)
]);

export function describeFatal(err: unknown, cwd: string): FatalReport {
  if (err instanceof ExitError) {
    const status = err.code === EXIT.usage ? 'usage' : err.code === EXIT.invalidPlan ? 'invalid' : 'refused';
    return {
      code: err.code,
      stderr: `evalc: ${err.message}\n${err.code === EXIT.usage ? seeHelp(err.message) : ''}`,
      result: { event: 'result', exitCode: err.code, status, message: err.message },
    };
  }
  const fsCode = (err as { code?: unknown } | null)?.code;
  // Node's recursive mkdir says ENOENT where the file system is read-only.
  const mkdirFailed = fsCode === 'ENOENT' && (err as { syscall?: unknown }).syscall === 'mkdir';
  if (err instanceof Error && typeof fsCode === 'string' && (FILE_SYSTEM_ERRORS.has(fsCode) || mkdirFailed)) {
    const why = explainFileSystemError(err, cwd);
    // The same words on stdout: `ENOSPC: …, write` alone named no file (QA39).
    const said = `cannot ${accessOf(err)}: ${err.message}${why ? ` (${why})` : ''}`;
    return {
      code: EXIT.failure,
      stderr: `evalc: ${said}\n`,
      result: { event: 'result', exitCode: EXIT.failure, status: 'refused', message: said },
    };
  }
  const message = err instanceof Error ? err.message : String(err);
  return {
    code: EXIT.failure,
    stderr: `evalc: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    result: {
      event: 'result',
      exitCode: EXIT.failure,
      status: 'error',
      message: `internal error: ${message}`,
    },
  };
}

/**
 * A usage error ends with its command's one usage line; a third line says where each flag is told
 * (`see \`evalc plan --help\``), on stderr only: the command's whole help printed there would scroll
 * the message away (QA243).
 */
function seeHelp(message: string): string {
  const command = /(?:^|\n)usage: evalc ([a-z]+)[^\n]*$/.exec(message)?.[1];
  return command === undefined ? '' : `see \`evalc ${command} --help\`\n`;
}
