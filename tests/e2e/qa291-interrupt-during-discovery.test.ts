/**
 * QA291: Ctrl-C while a RAIP agent's /info was unanswered (a host with no route, a server that
 * hangs) said, after 'interrupted — stopping before the run', 'agent a1: discovery failed
 * (cancelled): GET …/info: cancelled / the run goes on without a1: its examples not in the cache
 * record cancelled', of a run that did not go on. Built CLI; the agent is a real loopback server.
 */
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { assertBuilt, startCli, tempWorkspace, waitCli, waitFor } from './apply-harness.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
beforeAll(() => assertBuilt());

// a2 (no discovery) takes the run past discovery: a1 alone is said 'interrupted before the run: …'
it('Ctrl-C during discovery does not say the run goes on without the agent', async () => {
  const { dir, cleanup } = tempWorkspace('qa291-interrupt-discovery');
  cleanups.push(cleanup);
  let asked = false;
  // accepts /info and never answers
  const server = createServer(() => {
    asked = true;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const port = (server.address() as AddressInfo).port;
  writeFileSync(path.join(dir, 'd.jsonl'), `${JSON.stringify({ id: 'e1', vars: { q: 'x' } })}\n`);
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: b, version: 0.1.0 }
agents:
  a1: { protocol: raip, url: "http://127.0.0.1:${port}" }
  a2: { protocol: http, url: "http://127.0.0.1:${port}/x" }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
    datasets: { d: { source: d.jsonl } }
    metrics: [{ type: contains, candidate: a, value: x }]
`,
  );
  const child = startCli(['apply'], { cwd: dir, env: { CI: 'true' } });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString('utf8');
  });
  const done = waitCli(child, 60_000);
  cleanups.push(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  await waitFor(() => asked, 20_000, 'the agent to be asked for /info');
  child.kill('SIGINT');
  const result = await done;
  expect(result.code, stderr).toBe(130);
  expect(stderr).toContain('interrupted');
  expect(stderr).not.toContain('the run goes on without a1');
  expect(stderr).not.toContain('discovery failed (cancelled)');
}, 60_000);
