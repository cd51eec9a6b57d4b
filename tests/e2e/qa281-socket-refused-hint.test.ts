/**
 * QA281: a `mae` agent on the `socket` transport, written with `address:`, that is not running
 * failed its preflight with the refused connection's message and nothing else, where every agent
 * with a `url:` (raip, chat, openai, http, mae http/sse) is asked 'is the agent running at …? Start
 * it, or let evalc start it with `serve:`'. The address is now said as the url is.
 */
import { beforeAll, expect, it } from 'vitest';
import { freePort } from '../fixtures/loopback.js';
import { assertBuilt, runCli } from './apply-harness.js';
import { maeQuestionFolder } from './mae-question-plan.js';

beforeAll(() => assertBuilt());

const workspace = (agent: string) => maeQuestionFolder('qa281-socket-refused', agent);

it('a socket agent refused at its address is asked whether it runs there', async () => {
  const port = await freePort();
  const dir = workspace(`{ protocol: mae, transport: socket, address: "127.0.0.1:${port}", profile: seed }`);
  const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
  expect(run.code, run.stderr).toBe(1);
  expect(run.stderr).toContain(
    `  t/d/q1: transport_error: socket agent tcp:127.0.0.1:${port}: connection refused (nothing listening there) (ECONNREFUSED)\n` +
      `  is the agent running at 127.0.0.1:${port}? Start it, or let evalc start it with \`serve:\` in the plan\n`,
  );
});

it('a socket agent evalc starts itself (serve:) is not told to start it', async () => {
  const port = await freePort();
  const dir = workspace(
    `{ protocol: mae, transport: socket, address: "127.0.0.1:${port}", profile: seed, serve: { command: "node -e \\"setTimeout(() => {}, 200); console.log('ready')\\"", ready: { line: ready } } }`,
  );
  const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
  expect(run.stderr).toContain('(ECONNREFUSED)');
  expect(run.stderr).not.toContain('is the agent running');
});

it('a socket agent whose host is not found says so in words, and is asked whether it runs there', async () => {
  // RFC 6761: a .invalid name never resolves (ENOTFOUND; EAI_AGAIN where no resolver answers)
  const dir = workspace(
    '{ protocol: mae, transport: socket, address: "evalc-qa281.invalid:7000", profile: seed }',
  );
  const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
  expect(run.code, run.stderr).toBe(1);
  // where no resolver answers, EAI_AGAIN: in words and asked too (QA286: it read bare, and was not asked)
  expect(run.stderr).toMatch(
    /\n {2}t\/d\/q1: transport_error: socket agent tcp:evalc-qa281\.invalid:7000: host not found (\(the name lookup failed for now\) \(EAI_AGAIN\)|\(ENOTFOUND\))\n {2}is the agent running at evalc-qa281\.invalid:7000\? Start it, or let evalc start it with `serve:` in the plan\n/,
  );
});
