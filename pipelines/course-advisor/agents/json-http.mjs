/**
 * The little HTTP plumbing the two HTTP agents (A1 RAIP, A2 chat) share: read a JSON body,
 * send a JSON reply, and listen on 127.0.0.1 printing `listening <port>` so a test (or
 * `serve.ready.line`) can learn the port when PORT=0.
 */
import { realpathSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

const MAX_BODY_BYTES = 1_000_000;

/**
 * Read the request body as JSON.
 * @returns {Promise<{ok: true, value: unknown} | {ok: false, error: string}>}
 */
export function readJsonBody(req) {
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('error', () => resolve({ ok: false, error: 'request stream failed' }));
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) return resolve({ ok: false, error: 'request body too large' });
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve({ ok: true, value: JSON.parse(text) });
      } catch {
        resolve({ ok: false, error: 'request body is not valid JSON' });
      }
    });
  });
}

export function sendJson(res, status, body, headers = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/**
 * Start `handler` on 127.0.0.1:PORT (env; `defaultPort` when unset; 0 = ephemeral) and print
 * `listening <port>` on stdout. Stops cleanly on SIGTERM/SIGINT.
 */
export function listenOnLoopback(handler, defaultPort) {
  const port =
    process.env.PORT === undefined || process.env.PORT === '' ? defaultPort : Number(process.env.PORT);
  const server = createServer((req, res) => {
    Promise.resolve(handler(req, res)).catch((error) => {
      process.stderr.write(`handler failed: ${error instanceof Error ? error.message : String(error)}\n`);
      if (!res.headersSent) sendJson(res, 500, { error: 'internal error' });
      else res.end();
    });
  });
  server.listen(port, '127.0.0.1', () => {
    const address = server.address();
    const actual = typeof address === 'object' && address !== null ? address.port : port;
    process.stdout.write(`listening ${actual}\n`);
  });
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  return server;
}

/** Rough, deterministic token estimate (4 characters per token), for `usage`. */
export function estimateTokens(text) {
  return Math.ceil(String(text).length / 4);
}

/** True when this module file is the process entry point (`node agents/x.mjs`). */
export function isEntryPoint(metaUrl) {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(metaUrl));
  } catch {
    return false;
  }
}
