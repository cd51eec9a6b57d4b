/**
 * QA74: `run.trace` was in every invoke key, so turning tracing on (to read RAIP's `raw` replies)
 * re-invoked a `chat` agent too, whose request (`POST /agent/respond {messages, metadata}`) and
 * record are the same bytes either way — a paid call per example × repeat for nothing. Only the
 * agents trace can change key it: RAIP (its context, `raw` kept) and `http` (`raw` kept).
 */
import { writeFileSync } from 'node:fs';
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

function writePlan(dir: string, trace: boolean): void {
  const yaml = `evalc: 1
benchmark: { id: qa74, version: 1.0.0 }
agents:
  ra: { protocol: raip, url: "${raip.url}" }
  ch: { protocol: chat, url: "${chat.endpoint}" }
tasks:
  t1:
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
run: { repeats: 2, trace: ${trace} }
`;
  writeFileSync(path.join(dir, 'evalc.yaml'), yaml);
}

describe('turning run.trace on re-invokes only agents it changes (QA74)', () => {
  it('re-invokes the RAIP agent, not the chat agent, and plan says so', async () => {
    const ws = tempWorkspace('qa74-trace');
    cleanups.push(ws.cleanup);
    writePlan(ws.dir, false);
    const cold = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir });
    expect(cold.code, cold.stderr).toBe(0);
    expect(chat.requests.length).toBe(4);
    expect(raip.stats().invokes).toBe(4);

    writePlan(ws.dir, true);
    const planned = await runCli(['plan', 'evalc.yaml'], { cwd: ws.dir });
    expect(planned.code, planned.stderr).toBe(2);
    expect(planned.stdout).toMatch(
      /~ invoke +qa74\/t1\[ra\] +4 runs +because run\.trace changed \(false → true\)/,
    );
    expect(planned.stdout).not.toMatch(/invoke +qa74\/t1\[ch\]/);
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
});
