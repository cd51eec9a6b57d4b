/**
 * A one-line summary of the last lines a process wrote, for error messages: the line that names
 * the error, if any, then the last two lines. The error line is the last one that starts like an
 * error (`Error: listen EADDRINUSE…`, `OSError: [Errno 98]…`, `fatal: …`), else the last one that
 * mentions one (stack frames `at …` aside): a Node stack trace ends with `}` and `Node.js v20…`,
 * and its `Emitted 'error' event…` line names nothing (QA13). Callers keep 40 lines, enough
 * for a Node trace's 20-odd lines to still hold its `Error:` line.
 */
const STARTS_LIKE_ERROR = /^\s*(?:[\w.]*(?:Error|Exception)\b|(?:fatal|panic)\b)/i;
const MENTIONS_ERROR = /error|exception|fatal|panic/i;
const STACK_FRAME = /^\s*at\s/;

export function summarizeOutput(lines: readonly string[]): string {
  const errorLine =
    lines.findLast((line) => STARTS_LIKE_ERROR.test(line)) ??
    lines.findLast((line) => MENTIONS_ERROR.test(line) && !STACK_FRAME.test(line));
  const picked = [...(errorLine === undefined ? [] : [errorLine]), ...lines.slice(-2)];
  return [...new Set(picked.map((line) => line.trim()))].join(' | ');
}
