/**
 * QA66: a task's `instructions` were in every invoke key, so editing them re-invoked a `chat`
 * agent whose requests never carry them (`POST /agent/respond {messages, metadata}`: the same
 * bytes as before) — a paid call per example × repeat for nothing. Only protocols that send the
 * instructions key them: RAIP (its context) and MultiAgentEval (the task text); `plan` and
 * `apply` agree on it.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCountingAgent } from '../fixtures/apply-counting-agent.mjs';
import { type ChatAgent, startChatAgent } from '../fixtures/chat-agent.js';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

type Counting = Awaited<ReturnType<typeof startCountingAgent>>;
let chat: ChatAgent;
let raip: Counting;
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  assertBuilt();
  chat = await startChatAgent(['echo']);
  raip = await startCountingAgent({});
});
afterAll(async () => {
  await chat.close();
  await raip.close();
  for (const c of cleanups) c();
});

function writePlan(dir: string, instructions: string): void {
  const yaml = `evalc: 1
benchmark: { id: qa66, version: 1.0.0 }
agents:
  ra: { protocol: raip, url: "${raip.url}" }
  ch: { protocol: chat, url: "${chat.endpoint}" }
tasks:
  t1:
    instructions: "${instructions}"
    bindings:
      default:
        input: { q: "{{q}}" }
        output: { answer: "output.answer" }
      ch:
        input: { messages: [{ role: user, content: "{{q}}" }] }
        output: { answer: "messages[-1].content" }
    datasets:
      d1:
        examples:
          - { id: e1, vars: { q: one }, expected: { answer: one } }
          - { id: e2, vars: { q: two }, expected: { answer: two } }
    metrics:
      - { type: contains, candidate: answer, expected: answer }
run: { repeats: 2 }
`;
  writeFileSync(path.join(dir, 'evalc.yaml'), yaml);
}

describe('an instructions edit re-invokes only agents that are sent the instructions (QA66)', () => {
  it('re-invokes the RAIP agent, not the chat agent, and plan says so', async () => {
    const ws = tempWorkspace('qa66-instructions');
    cleanups.push(ws.cleanup);
    writePlan(ws.dir, 'Answer briefly.');
    const cold = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir });
    expect(cold.code, cold.stderr).toBe(0);
    expect(chat.requests.length).toBe(4);
    expect(raip.stats().invokes).toBe(4);

    writePlan(ws.dir, 'Answer in one word.');
    const planned = await runCli(['plan', 'evalc.yaml'], { cwd: ws.dir });
    expect(planned.code, planned.stderr).toBe(2);
    expect(planned.stdout).toMatch(
      /~ invoke +qa66\/t1\[ra\] +4 runs +because the task's instructions changed \(tasks\.t1\.instructions\)/,
    );
    expect(planned.stdout).not.toMatch(/invoke +qa66\/t1\[ch\]/);
    expect(planned.stdout).toContain('Plan: 4 to invoke');

    chat.requests.length = 0;
    raip.reset();
    const applied = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir });
    expect(applied.code, applied.stderr).toBe(0);
    expect(chat.requests.length).toBe(0);
    expect(raip.stats().invokes).toBe(4);

    const again = await runCli(['plan', 'evalc.yaml'], { cwd: ws.dir });
    expect(again.code, again.stdout).toBe(0);
  });

  it('says why when evalc.lock keyed the instructions of an agent never sent them (an evalc before QA66)', async () => {
    const ws = tempWorkspace('qa66-instructions-old-lock');
    cleanups.push(ws.cleanup);
    writePlan(ws.dir, 'Answer briefly.');
    const cold = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir });
    expect(cold.code, cold.stderr).toBe(0);
    // The lock an earlier evalc wrote: the chat rows' invoke keys differ (they held the
    // instructions); its cache is gone (a fresh CI checkout).
    const lockFile = path.join(ws.dir, 'evalc.lock');
    const lock = readFileSync(lockFile, 'utf8')
      .split('\n')
      .map((line) =>
        line.includes('"group":"ch/t1/d1"')
          ? line.replace(/"invoke":\[[^\]]*\]/, (keys) => keys.replaceAll('"k1:', '"k1:0000'))
          : line,
      )
      .join('\n');
    writeFileSync(lockFile, lock);
    rmSync(path.join(ws.dir, '.evalc'), { recursive: true, force: true });
    const planned = await runCli(['plan', 'evalc.yaml'], { cwd: ws.dir });
    expect(planned.code, planned.stderr).toBe(2);
    expect(planned.stdout).toMatch(
      /~ invoke +qa66\/t1\[ch\] +4 runs +because evalc\.lock's invoke keys held the task's instructions, which agent ch is never sent \(evalc before QA66\)/,
    );
    expect(planned.stdout).not.toMatch(/invoke +qa66\/t1\[ch\].*instructions changed/);
  });
});
