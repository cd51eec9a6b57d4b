/**
 * QA171: an `/info` (RAIP) or a `ready.url` that accepts the connection and never answers held
 * `apply` silent until its timeout (an `/info`: limits.timeout 60 s, 3 retries). After a few
 * seconds the progress output now says what evalc is waiting for — without a TTY (`CI=true`) a
 * line, then one every 5 s — and Ctrl-C still ends the wait at once (exit 130). Built CLI; the
 * agents are real loopback servers (one in this process, one served by evalc).
 */
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startLoopback } from '../fixtures/loopback.js';
import { assertBuilt, startCli, tempWorkspace, waitCli, waitFor } from './apply-harness.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
beforeAll(() => assertBuilt());

/** A RAIP agent whose every request is accepted and never answered. */
const SILENT_AGENT = `import http from 'node:http';
http.createServer(() => {}).listen(Number(process.env.PORT), '127.0.0.1');
`;

function writePlan(dir: string, agent: Record<string, unknown>): void {
  writeFileSync(
    path.join(dir, 'd.jsonl'),
    `${JSON.stringify({ id: 'e1', vars: { q: 'x' }, expected: { a: 'y' } })}\n`,
  );
  const plan = {
    evalc: 1,
    benchmark: { id: 'qa171-wait', version: '1.0.0' },
    agents: { a1: { protocol: 'raip', ...agent } },
    tasks: {
      t: {
        bindings: { default: { input: { q: '{{q}}' }, output: { a: 'output.a' } } },
        datasets: { d: { source: 'd.jsonl' } },
        metrics: [{ type: 'exact_match', candidate: 'a', expected: 'a' }],
      },
    },
    run: { preflight: 0 },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
}

/** Starts apply (CI=true), waits until stderr says `waiting`, then Ctrl-C: its stderr, exit code and how long the Ctrl-C took. */
async function interruptedWhileWaiting(dir: string, until: RegExp) {
  const child = startCli(['apply'], { cwd: dir, env: { CI: 'true' } });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString('utf8');
  });
  const done = waitCli(child, 60_000);
  cleanups.push(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  await waitFor(() => until.test(stderr), 20_000, `${until} in stderr (got: ${stderr})`);
  const sent = Date.now();
  child.kill('SIGINT');
  const result = await done;
  return { ...result, stderr, cancelMs: Date.now() - sent };
}

describe('apply says what it waits for (QA171)', () => {
  it('an /info that never answers: a line after 3 s, another every 5 s; Ctrl-C exits 130 at once', async () => {
    const agent = await startLoopback(() => {});
    cleanups.push(() => agent.close());
    const { dir, cleanup } = tempWorkspace('qa171-info-wait');
    cleanups.push(cleanup);
    writePlan(dir, { url: agent.url, limits: { timeout: '60s', retries: 0 } });
    const run = await interruptedWhileWaiting(dir, /still waiting/);
    const target = `GET ${agent.url}/info`;
    // Seconds as waited: 3 and 8 on an idle machine, a second more on a loaded one.
    const lines = run.stderr.split('\n').filter((l) => l.includes('waiting'));
    expect(lines[0]).toMatch(/^evalc: waiting [34] s for /);
    expect(lines[0]?.replace(/\d+ s/, 'N s')).toBe(
      `evalc: waiting N s for agent a1 to answer ${target} (limits.timeout 60s); Ctrl-C cancels`,
    );
    expect(lines[1]).toMatch(/^evalc: still waiting [89] s for agent a1 to answer GET /);
    expect(run.stderr).not.toContain('\x1b[');
    expect(run.code).toBe(130);
    expect(run.cancelMs).toBeLessThan(5_000);
  }, 60_000);

  it("a served agent's ready.url that never answers: the same, naming serve.ready.url", async () => {
    const { dir, cleanup } = tempWorkspace('qa171-ready-wait');
    cleanups.push(cleanup);
    const port = await freePort();
    writeFileSync(path.join(dir, 'agent.mjs'), SILENT_AGENT);
    writePlan(dir, {
      url: `http://127.0.0.1:${port}`,
      serve: {
        command: 'node agent.mjs',
        env: { PORT: String(port) },
        ready: { url: `http://127.0.0.1:${port}/info`, timeout: '50s' },
      },
    });
    const run = await interruptedWhileWaiting(dir, /waiting \d+ s/);
    expect(run.stderr.replace(/waiting [34] s/, 'waiting N s')).toContain(
      `evalc: waiting N s for agent a1 to answer its serve.ready.url, GET http://127.0.0.1:${port}/info (serve.ready.timeout 50s); Ctrl-C cancels\n`,
    );
    expect(run.code).toBe(130);
    expect(run.cancelMs).toBeLessThan(5_000);
    // The served process is stopped with the run: its port is free again.
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }, 60_000);
});
