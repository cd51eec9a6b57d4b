/**
 * Servers that serve one connection at a time (QA63). Python's `http.server.HTTPServer` (and a
 * `wsgiref` or Werkzeug server run unthreaded) handles a connection until the client closes it
 * when its handler speaks HTTP/1.1: while one pooled keep-alive connection sits idle, every other
 * connection waits in the accept queue until undici drops the idle one (4 s) — each request of a
 * concurrent batch stalled 4 s, and two agents (or an agent and a judge) on one such server
 * took turns at 4 s a switch.
 *
 * These servers name themselves: `Server: BaseHTTP/0.6 Python/3.11.7` (`SimpleHTTP/…`,
 * `WSGIServer/0.2 CPython/3.11`, `Werkzeug/3.0 Python/3.11`; a handler's own `server_version`
 * keeps the ` Python/x.y` suffix). Once an origin answers so, the transport asks for
 * `Connection: close` on every later request to it (undici's `reset`) and lets its existing
 * keep-alive connections end after their replies, so the server moves on to the next connection
 * at once. aiohttp (`Python/3.11 aiohttp/3.9`) is asynchronous and keeps its connections.
 * On loopback a new connection per request costs well under a millisecond.
 */

const PYTHON_SERVER = /(?:^|[\s/])C?Python\/\d/;
const ASYNC_PYTHON = /\baiohttp\//i;

/** Whether a reply's `Server` header names a Python server that serves one connection at a time. */
export function servesOneConnectionAtATime(server: string | undefined): boolean {
  if (server === undefined) return false;
  return PYTHON_SERVER.test(server) && !ASYNC_PYTHON.test(server);
}
