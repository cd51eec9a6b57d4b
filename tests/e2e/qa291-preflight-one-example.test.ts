/**
 * QA291: an agent whose preflight was one example (a one-example dataset, or `run.preflight: 1`)
 * that failed was said 'preflight: the first 1 examples all failed (transport_error); they were
 * a1's whole batch'. One example is said as one.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { freePort } from '../fixtures/loopback.js';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});
beforeAll(() => assertBuilt());

async function run(examples: number, preflight: number): Promise<string> {
  const ws = tempWorkspace('qa291-preflight-one');
  cleanups.push(ws.cleanup);
  const lines = Array.from(
    { length: examples },
    (_, i) => `{"id":"q${i + 1}","vars":{"q":"x"},"expected":{"answer":"4"}}`,
  );
  writeFileSync(path.join(ws.dir, 'd.jsonl'), `${lines.join('\n')}\n`);
  const port = await freePort();
  writeFileSync(
    path.join(ws.dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: b, version: 0.1.0 }
agents:
  a1: { protocol: http, url: "http://127.0.0.1:${port}/x", limits: { retries: 0 } }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: answer } } }
    datasets: { d: { source: d.jsonl } }
    metrics: [{ type: exact_match, candidate: answer, expected: answer }]
run: { preflight: ${preflight} }
`,
  );
  const result = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir });
  expect(result.code, result.stderr).toBe(1);
  return result.stderr;
}

it('a one-example preflight that failed is said as one example', async () => {
  expect(await run(1, 5)).toContain(
    "evalc: agent a1: preflight: the first example failed (transport_error); it was a1's whole batch\n",
  );
  expect(await run(3, 1)).toContain(
    "evalc: agent a1: preflight: the first example failed (transport_error); the rest of a1's batch was not sent\n",
  );
  // two or more as before
  expect(await run(2, 5)).toContain(
    "evalc: agent a1: preflight: the first 2 examples all failed (transport_error); they were a1's whole batch\n",
  );
});
