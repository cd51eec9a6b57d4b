/**
 * QA43: a served Python `http.server` agent that implements only `do_POST` (the usual chat/mae
 * agent) answers a readiness GET with 501 Unsupported method: the server is up, but 501 counted
 * as "not ready", so `apply` waited out `ready.timeout` and said only "not ready within …".
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServedProcess } from '../../src/executor/agent-process.js';
import { freePort } from '../fixtures/loopback.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const AGENT = `import json, sys
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler
class H(BaseHTTPRequestHandler):
    def do_POST(self):
        b = json.dumps({"action": "final_answer", "summary": "ok"}).encode()
        self.send_response(200); self.send_header("content-length", str(len(b))); self.end_headers(); self.wfile.write(b)
ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), H).serve_forever()
`;

describe('serve.ready.url on a POST-only http.server agent', () => {
  it('a 501 to the readiness GET means the server is up', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa43-ready-'));
    dirs.push(dir);
    writeFileSync(path.join(dir, 'agent.py'), AGENT);
    const port = await freePort();
    const started = await startServedProcess(
      {
        command: `python3 agent.py ${port}`,
        ready: { url: `http://127.0.0.1:${port}/execute_task`, timeout: '4s' },
      },
      { cwd: dir, name: 'a1', logFile: path.join(dir, 'a1.log') },
    );
    if (started.ok) await started.handle.stop();
    expect(started.ok ? 'ready' : started.error.message).toBe('ready');
  }, 15_000);
});
