/**
 * QA181: Ctrl-C while a served agent was not ready yet ended the readiness wait, but the progress
 * notice lasted until the agent's process was stopped — up to 3 s for one that ignores SIGTERM —, so
 * after 'interrupted' stderr read 'evalc: waiting 3 s for agent a1 to answer its serve.ready.url …;
 * Ctrl-C cancels', of a wait that was over. Built CLI; the agent is a real loopback server.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { freePort } from '../fixtures/loopback.js';
import { assertBuilt, startCli, tempWorkspace, waitCli, waitFor } from './apply-harness.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
beforeAll(() => assertBuilt());

/** Accepts every request and never answers; ignores SIGTERM (the SIGKILL 3 s later ends it). */
const STUBBORN_AGENT = `import http from 'node:http';
import { writeFileSync } from 'node:fs';
process.on('SIGTERM', () => {});
http.createServer(() => {}).listen(Number(process.env.PORT), '127.0.0.1', () => writeFileSync('up', ''));
`;

it('says no wait after Ctrl-C while a served agent that ignores SIGTERM is stopped', async () => {
  const { dir, cleanup } = tempWorkspace('qa181-wait-after-interrupt');
  cleanups.push(cleanup);
  const port = await freePort();
  writeFileSync(path.join(dir, 'agent.mjs'), STUBBORN_AGENT);
  writeFileSync(path.join(dir, 'd.jsonl'), `${JSON.stringify({ id: 'e1', vars: { q: 'x' } })}\n`);
  const agent = {
    protocol: 'raip',
    url: `http://127.0.0.1:${port}`,
    serve: {
      command: 'node agent.mjs',
      env: { PORT: String(port) },
      ready: { url: `http://127.0.0.1:${port}/info`, timeout: '50s' },
    },
  };
  const plan = {
    evalc: 1,
    benchmark: { id: 'qa181-wait' },
    agents: { a1: agent },
    tasks: {
      t: {
        bindings: { default: { input: { q: '{{q}}' }, output: { a: 'output.a' } } },
        datasets: { d: { source: 'd.jsonl' } },
        metrics: [{ type: 'contains', candidate: 'a', value: 'x' }],
      },
    },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
  const child = startCli(['apply'], { cwd: dir, env: { CI: 'true' } });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString('utf8');
  });
  const done = waitCli(child, 60_000);
  cleanups.push(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  await waitFor(() => existsSync(path.join(dir, 'up')), 20_000, 'the agent to listen');
  child.kill('SIGINT');
  const result = await done;
  expect(result.code).toBe(130);
  const after = stderr.slice(stderr.indexOf('interrupted'));
  expect(after).toContain('cancelled while waiting for readiness');
  expect(after).not.toMatch(/waiting \d+ s/);
}, 60_000);
