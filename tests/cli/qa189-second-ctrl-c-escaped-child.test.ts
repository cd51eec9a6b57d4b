/**
 * QA189: a served agent's child outside its process group (setsid, a detached spawn) is stopped
 * with the agent when apply ends (QA181's stop()), but a second Ctrl-C exits at once, from the
 * `exit` event that SIGKILLs the groups only: such a child, deaf to SIGTERM, ran on after evalc
 * (ppid 1). It is SIGKILLed with the groups.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startCli, tempWorkspace, waitCli, waitFor } from '../e2e/apply-harness.js';
import { freePort } from '../fixtures/loopback.js';
import { isAlive } from '../fixtures/process-alive.js';

const AGENT = path.resolve(__dirname, '../fixtures/qa3-served-agent.mjs');
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function plan(port: number): string {
  return `evalc: 1
benchmark: { id: qa189, version: 1.0.0 }
agents:
  a1:
    protocol: raip
    url: http://127.0.0.1:${port}
    serve: { command: sh agent.sh, env: { PORT: "${port}", DELAY_MS: "20000" }, ready: { url: "http://127.0.0.1:${port}/info", timeout: 15s } }
run: { preflight: 0 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: "output.answer" } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: a }, expected: { answer: "A:a" } } ] }
    metrics: [ { type: exact_match, candidate: answer, expected: answer } ]
`;
}

/**
 * A workspace whose served agent is `agentScript` (it writes the pid of a child it left outside its
 * group to escaped.pid); that child is killed and the workspace removed after the test.
 */
async function escapingWorkspace(name: string, agentScript: string) {
  const ws = tempWorkspace(name);
  const escapedFile = path.join(ws.dir, 'escaped.pid');
  cleanups.push(() => {
    try {
      process.kill(Number(readFileSync(escapedFile, 'utf8')), 'SIGKILL');
    } catch {}
    ws.cleanup();
  });
  const port = await freePort();
  writeFileSync(path.join(ws.dir, 'agent.sh'), agentScript);
  writeFileSync(path.join(ws.dir, 'evalc.yaml'), plan(port));
  return { dir: ws.dir, escapedFile };
}

/** Runs apply until the agent's escaped child is up, then Ctrl-C twice, `gapMs` apart. */
async function applyInterruptedTwice(dir: string, escapedFile: string, gapMs: number) {
  const child = startCli(['apply'], { cwd: dir });
  const done = waitCli(child, 40_000);
  await waitFor(
    () => existsSync(escapedFile) && readFileSync(escapedFile, 'utf8').trim() !== '',
    15_000,
    'escaped.pid',
  );
  const escaped = Number(readFileSync(escapedFile, 'utf8'));
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  child.kill('SIGINT');
  await new Promise((resolve) => setTimeout(resolve, gapMs));
  child.kill('SIGINT');
  return { result: await done, escaped };
}

it('a second Ctrl-C stops what a served agent started outside its group', async () => {
  // The agent (deaf to SIGTERM, so the first Ctrl-C's stop is still waiting) starts a child in its
  // own session, deaf to SIGTERM too; its pid is written once it has left the group.
  const { dir, escapedFile } = await escapingWorkspace(
    'qa189-second-ctrl-c',
    `trap '' TERM
setsid sh -c 'trap "" TERM; echo $$ > escaped.pid; exec sleep 60' &
while [ ! -s escaped.pid ]; do sleep 0.01; done
exec node ${JSON.stringify(AGENT)}
`,
  );
  // The run has started (the agent answers after 20 s): a first Ctrl-C, then a second.
  const { result, escaped } = await applyInterruptedTwice(dir, escapedFile, 500);
  expect(result.code).toBe(130);
  expect(result.stderr).toContain('evalc: exited at once (Ctrl-C again)');
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(isAlive(escaped)).toBe(false);
}, 60_000);

// Ctrl-C while the agent is not ready yet stops it at once: the agent gone at that SIGTERM, what it
// left outside its group and deaf to SIGTERM is in its 3 s grace, not found by a search from the
// agent any more, and a second Ctrl-C left it running.
it('a second Ctrl-C stops what the first sent SIGTERM, its agent gone already', async () => {
  const { dir, escapedFile } = await escapingWorkspace(
    'qa189-second-ctrl-c-grace',
    `setsid sh -c 'trap "" TERM; echo $$ > escaped.pid; exec sleep 60' >/dev/null 2>&1 </dev/null &
while [ ! -s escaped.pid ]; do sleep 0.01; done
exec sleep 30
`,
  );
  const { result, escaped } = await applyInterruptedTwice(dir, escapedFile, 1_000);
  expect(result.code).toBe(130);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(isAlive(escaped)).toBe(false);
}, 60_000);
