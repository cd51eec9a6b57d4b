/**
 * Credentials in a served agent's `ready.url` (`http://user:pw@host/info`): validate warns as for
 * an agent's url, and the readiness poll goes to the URL without them — a URL carrying
 * credentials cannot be fetched, so the agent used to be "not ready" while it answered.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { startServedProcess } from '../../src/executor/agent-process.js';
import { freePort } from '../fixtures/loopback.js';
import { FIXTURES_DIR } from '../fixtures/mae-harness.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-serve-ready-'));
  dirs.push(dir);
  return dir;
};

describe('serve.ready.url with credentials', () => {
  it('is polled without them: the agent becomes ready', async () => {
    const port = await freePort();
    const started = await startServedProcess(
      {
        command: 'node mae-served-agent.mjs http',
        env: { PORT: String(port) },
        ready: { url: `http://probe:s3cret@127.0.0.1:${port}/`, timeout: '5s' },
      },
      { cwd: FIXTURES_DIR, name: 'a1', logFile: path.join(tempDir(), 'a1.log') },
    );
    if (!started.ok) throw new Error(started.error.message);
    await started.handle.stop();
  });

  it('is a validate warning at its own path', async () => {
    const dir = tempDir();
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: b }
agents:
  a1:
    protocol: raip
    url: http://127.0.0.1:9
    serve: { command: node agent.mjs, ready: { url: "http://probe:s3cret@127.0.0.1:9/info" } }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi } } ] } }
`,
    );
    const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
    expect(result.diagnostics.map((d) => [d.code, d.path.join('.'), d.severity])).toEqual([
      ['EVALC_URL_CREDENTIALS', 'agents.a1.serve.ready.url', 'warning'],
    ]);
  });
});
