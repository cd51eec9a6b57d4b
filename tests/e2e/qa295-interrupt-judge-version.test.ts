/**
 * QA295 (the case beside QA291's 598d0b20, for judges): Ctrl-C while an agent-eval judge's
 * `GET /v1/version` went unanswered (a hung server, a host with no route) ended 'interrupted before
 * the run: judge ae is not usable: GET …/v1/version: cancelled', of a judge that may only have been
 * slow: it is now 'judge ae: GET …/v1/version: cancelled'. Built CLI; the judge is a real hung server.
 */
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { assertBuilt, startCli, tempWorkspace, waitCli } from './apply-harness.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
beforeAll(() => assertBuilt());

async function waitFor(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('the judge was not asked for /v1/version');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it("Ctrl-C during a judge's version check does not call the judge unusable", async () => {
  const { dir, cleanup } = tempWorkspace('qa295-interrupt-judge');
  cleanups.push(cleanup);
  let asked = false;
  // accepts GET /v1/version and never answers
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
  a1: { protocol: http, url: "http://127.0.0.1:${port}/x" }
judges:
  ae: { protocol: agent-eval, url: "http://127.0.0.1:${port}", rubric: rb }
rubrics:
  rb: { dimensions: [{ id: relevance, description: "Answers the question", weight: 1 }] }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { a: answer } } }
    datasets: { d: { source: d.jsonl } }
    metrics: [{ type: judge, judge: ae, content: "{{candidate.a}}" }]
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
  await waitFor(() => asked, 20_000);
  child.kill('SIGINT');
  const result = await done;
  expect(result.code, stderr).toBe(130);
  expect(stderr).toContain(
    `evalc: interrupted before the run: judge ae: GET http://127.0.0.1:${port}/v1/version: cancelled\n`,
  );
  expect(stderr).not.toContain('not usable');
}, 60_000);
