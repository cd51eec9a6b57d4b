/**
 * Two counting agents on one task — a RAIP agent and a chat agent (echo) — for tests of which
 * plan edits re-invoke which protocol (QA66 instructions, QA74 run.trace): the agents, a plan of
 * two examples × 2 repeats, and the check that an edit re-invokes the RAIP agent only.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { startCountingAgent } from '../fixtures/apply-counting-agent.mjs';
import { type ChatAgent, startChatAgent } from '../fixtures/chat-agent.js';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

type Counting = Awaited<ReturnType<typeof startCountingAgent>>;

export interface RaipChatPair {
  readonly chat: ChatAgent;
  readonly raip: Counting;
  workspace(prefix: string): string;
}

/** Starts both agents before the file's tests and stops them (and removes workspaces) after. */
export function useRaipAndChat(): RaipChatPair {
  let chat: ChatAgent | undefined;
  let raip: Counting | undefined;
  const cleanups: (() => void)[] = [];
  beforeAll(async () => {
    assertBuilt();
    chat = await startChatAgent(['echo']);
    raip = await startCountingAgent({});
  });
  afterAll(async () => {
    await chat?.close();
    await raip?.close();
    for (const c of cleanups) c();
  });
  return {
    get chat() {
      if (!chat) throw new Error('the agents start in beforeAll');
      return chat;
    },
    get raip() {
      if (!raip) throw new Error('the agents start in beforeAll');
      return raip;
    },
    workspace(prefix) {
      const ws = tempWorkspace(prefix);
      cleanups.push(ws.cleanup);
      return ws.dir;
    },
  };
}

/** Writes `evalc.yaml`: benchmark `id`, agents `ra` (raip) and `ch` (chat) on task t1, repeats 2. */
export function writeRaipChatPlan(
  pair: RaipChatPair,
  dir: string,
  id: string,
  options: { instructions?: string; trace?: boolean },
): void {
  const instructions =
    options.instructions === undefined ? '' : `    instructions: "${options.instructions}"\n`;
  const trace = options.trace === undefined ? '' : `, trace: ${options.trace}`;
  const yaml = `evalc: 1
benchmark: { id: ${id}, version: 1.0.0 }
agents:
  ra: { protocol: raip, url: "${pair.raip.url}" }
  ch: { protocol: chat, url: "${pair.chat.endpoint}" }
tasks:
  t1:
${instructions}    bindings:
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
run: { repeats: 2${trace} }
`;
  writeFileSync(path.join(dir, 'evalc.yaml'), yaml);
}

/** A cold apply of the plan in `dir`: both agents asked each example × repeat (4 calls each). */
export async function applyColdPair(pair: RaipChatPair, dir: string): Promise<void> {
  pair.chat.requests.length = 0;
  pair.raip.reset();
  const cold = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
  expect(cold.code, cold.stderr).toBe(0);
  expect(pair.chat.requests.length).toBe(4);
  expect(pair.raip.stats().invokes).toBe(4);
}

/**
 * After an edit: `plan` shows the RAIP group's row (`raipRow`) and no chat row, apply then calls
 * the RAIP agent 4 times and the chat agent never, and a second plan says No changes.
 */
export async function expectOnlyRaipReinvoked(
  pair: RaipChatPair,
  dir: string,
  id: string,
  raipRow: RegExp,
): Promise<void> {
  const planned = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
  expect(planned.code, planned.stderr).toBe(2);
  expect(planned.stdout).toMatch(raipRow);
  expect(planned.stdout).not.toMatch(new RegExp(`invoke +${id}/t1\\[ch\\]`));
  expect(planned.stdout).toContain('Plan: 4 to invoke');

  pair.chat.requests.length = 0;
  pair.raip.reset();
  const applied = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
  expect(applied.code, applied.stderr).toBe(0);
  expect(pair.chat.requests.length).toBe(0);
  expect(pair.raip.stats().invokes).toBe(4);

  const again = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
  expect(again.code, again.stdout).toBe(0);
}
