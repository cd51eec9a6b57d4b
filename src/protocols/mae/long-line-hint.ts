/**
 * Why a line-oriented agent may hang up on a long request (QA24). A Python agent built on
 * `asyncio.start_server` / `asyncio.open_connection` reads requests with `reader.readline()`,
 * whose stream buffer is limited to 64 KiB (`limit=2**16`): a longer line raises
 * `ValueError: Separator is not found, and chunk exceed the limit`, and the usual handler then
 * closes the connection without answering. Seed-profile requests grow past that as soon as a
 * tool returns a large document (its result is relayed in `task_description` and again in
 * `conversation_history`), so a conversation that worked on small tools breaks on a big one and
 * evalc saw only "connection closed before a reply".
 */

/** asyncio's default `StreamReader` limit, bytes. */
const PYTHON_ASYNCIO_LINE_LIMIT = 64 * 1024;

/**
 * For a request line (newline included) whose UTF-8 size exceeds asyncio's default limit: a
 * parenthesised hint naming the size and the fix; else the empty string.
 */
export function longLineHint(requestLine: string): string {
  // UTF-8 is never shorter than the UTF-16 length / 1 byte per code unit: skip the byte count for short lines
  if (requestLine.length * 3 <= PYTHON_ASYNCIO_LINE_LIMIT) return '';
  const bytes = Buffer.byteLength(requestLine, 'utf8');
  if (bytes <= PYTHON_ASYNCIO_LINE_LIMIT) return '';
  return ` (the request line was ${bytes} bytes: a Python asyncio agent's reader.readline() fails on lines over 64 KiB unless its server is started with a larger limit=, e.g. asyncio.start_server(handle, host, port, limit=16 * 1024 * 1024))`;
}
