/**
 * QA143: a served RAIP agent whose `/info` takes longer than a second to answer (a schema built
 * on demand, a registry asked first) never became ready: each `ready.url` probe gave up after
 * 1 s and was sent again, so `apply` waited out `ready.timeout` and failed "not ready within …"
 * although the agent answered every probe 2.5 s later, well inside `ready.timeout`. The probe now
 * waits for the answer up to the time left to `ready.timeout`; a URL that never answers in time
 * says so. Real python3 stdlib server.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServedProcess } from '../../src/executor/agent-process.js';
import { freePort } from '../fixtures/loopback.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const AGENT = `import json, sys, time
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler
DELAY = float(sys.argv[2])
class H(BaseHTTPRequestHandler):
    def log_message(self, *a): pass
    def do_GET(self):
        time.sleep(DELAY)
        b = json.dumps({"name": "slow", "version": "1", "inputSchema": {"type": "object"}}).encode()
        self.send_response(200); self.send_header("content-length", str(len(b))); self.end_headers(); self.wfile.write(b)
ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), H).serve_forever()
`;

async function serve(delaySeconds: number, timeout: string, port?: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa143-ready-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'agent.py'), AGENT);
  port ??= await freePort();
  const started = await startServedProcess(
    {
      command: `python3 agent.py ${port} ${delaySeconds}`,
      ready: { url: `http://127.0.0.1:${port}/info`, timeout },
    },
    { cwd: dir, name: 'a1', logFile: path.join(dir, 'a1.log') },
  );
  if (started.ok) await started.handle.stop();
  return started.ok ? 'ready' : started.error.message;
}

describe('serve.ready.url on an agent whose /info answers slowly (QA143)', () => {
  it('waits for a 2.5 s answer inside ready.timeout', async () => {
    expect(await serve(2.5, '10s')).toBe('ready');
  }, 20_000);

  it('refuses a slow process that already holds the port, rather than waiting for it and taking it for the agent', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa143-held-'));
    dirs.push(dir);
    writeFileSync(path.join(dir, 'agent.py'), AGENT);
    const port = await freePort();
    const other = spawn('python3', ['agent.py', String(port), '2.5'], { cwd: dir, stdio: 'ignore' });
    try {
      for (let i = 0; i < 50 && !(await listening(port)); i++) await new Promise((r) => setTimeout(r, 100));
      expect(await serve(2.5, '10s', port)).toMatch(
        /already accepts connections .* another process holds its port/,
      );
    } finally {
      other.kill('SIGKILL');
    }
  }, 20_000);

  it('says the URL did not answer in time when it never does', async () => {
    const message = await serve(30, '3s');
    expect(message).toMatch(/not ready within 3000 ms/);
    expect(message).toMatch(/http:\/\/127\.0\.0\.1:\d+\/info accepted the connection but had not answered/);
  }, 20_000);
});

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}
