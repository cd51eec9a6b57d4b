/**
 * QA291 (the case QA286 left): a `mae` socket agent at a `unix:` path where no socket file is (the
 * agent not started at all) failed its preflight with 'no socket at that path (…) (ENOENT)' and no
 * 'is the agent running at …? Start it, or let evalc start it with `serve:`', which a stale socket
 * file (ECONNREFUSED) and every agent with a url or a TCP address are asked.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});
beforeAll(() => assertBuilt());

it('a unix socket agent whose socket file is missing is asked whether it runs there', async () => {
  const ws = tempWorkspace('qa291-missing-unix');
  cleanups.push(ws.cleanup);
  writeFileSync(
    path.join(ws.dir, 'd.jsonl'),
    '{"id":"q1","vars":{"question":"2+2?"},"expected":{"answer":"4"}}\n',
  );
  writeFileSync(
    path.join(ws.dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: b, version: 0.1.0 }
agents:
  a1: { protocol: mae, transport: socket, address: "unix:./missing.sock", profile: seed }
tasks:
  t:
    bindings: { default: { input: { query: "{{question}}" }, output: { answer: final_answer } } }
    datasets: { d: { source: d.jsonl } }
    metrics: [{ type: exact_match, candidate: answer, expected: answer }]
`,
  );
  const run = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir });
  expect(run.code, run.stderr).toBe(1);
  expect(run.stderr).toContain(
    ` t/d/q1: transport_error: socket agent unix:${path.join(ws.dir, 'missing.sock')}: no socket at that path (nothing listening there: is the agent started, and listening on this path?) (ENOENT)\n` +
      '  is the agent running at unix:./missing.sock? Start it, or let evalc start it with `serve:` in the plan\n',
  );
});
