/**
 * QA156 (review of 4164950/QA151): a chat agent with `maxTurns: 1` whose input ends with an
 * assistant greeting is keyed with the `chat-greeting-max-turns` wire tag, so the transcript an
 * evalc before QA143 cached ([greeting, turns[0]], turns[0] never answered) is not reused. Only a
 * template that ends with an assistant message as written was tagged: the same greeting from a
 * variable (`messages: "{{greeting}}"`) was keyed as before, and after an upgrade `plan` reused the
 * old transcript (0 to invoke; exact_match read the user's line and scored 0 where a fresh run
 * scores 1). Now the examples whose rendered input ends with a greeting carry the tag, and the
 * same request has one key however it is written (plan's reason: qa151-chat-greeting-max-turns-key).
 * Real loopback chat agent.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startChatAgent } from '../fixtures/chat-agent.js';
import { applyInProcess } from '../protocols/apply-in-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const GREETING = '[ { role: assistant, content: "Hi" } ]';
const USER = '[ { role: user, content: "Hi" } ]';

const plan = (url: string, maxTurns: number, input: string, messages: string) => `evalc: 1
benchmark: { id: qa156-greeting }
agents:
  c1: { protocol: chat, url: "${url}", maxTurns: ${maxTurns}, limits: { retries: 0 } }
tasks:
  t1:
    bindings:
      default:
        input: ${input}
        output: { answer: "messages[-1].content" }
    datasets:
      d1: { examples: [ { id: g1, vars: { m: ${messages} }, turns: [u1] } ] }
    metrics: [ { type: contains, candidate: answer, value: "" } ]
run: { preflight: 0, bootstrap: 100 }
`;

/** One agent for every plan: its url is part of the agent's identity, so of the keys compared. */
let agentUrl: string | undefined;
async function appliedDir(maxTurns: number, input: string, messages: string): Promise<string> {
  if (agentUrl === undefined) {
    const agent = await startChatAgent(['echo']);
    agentUrl = agent.endpoint;
    cleanups.push(() => {
      agentUrl = undefined;
      return agent.close();
    });
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa156-greeting-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(path.join(dir, 'evalc.yaml'), plan(agentUrl, maxTurns, input, messages));
  expect((await applyInProcess(dir)).status).toBe('done');
  return dir;
}

function invokeKey(dir: string): string {
  const key = /"invoke":\["(k1:[0-9a-f]{64})"\]/.exec(
    readFileSync(path.join(dir, 'evalc.lock'), 'utf8'),
  )?.[1];
  expect(key).toBeDefined();
  return key as string;
}

describe('a chat greeting from a variable that uses up maxTurns: 1 (QA156)', () => {
  it('is keyed as the same greeting written out in the template', async () => {
    const written = invokeKey(await appliedDir(1, `{ messages: ${GREETING} }`, USER));
    const fromVariable = invokeKey(await appliedDir(1, '{ messages: "{{m}}" }', GREETING));
    const wholeInput = invokeKey(await appliedDir(1, '"{{m}}"', `{ messages: ${GREETING} }`));
    expect(fromVariable).toBe(written);
    expect(wholeInput).toBe(written);
  });

  it('leaves the key of a variable input that does not end with a greeting, and of maxTurns 2', async () => {
    const written = invokeKey(await appliedDir(1, `{ messages: ${USER} }`, GREETING));
    const fromVariable = invokeKey(await appliedDir(1, '{ messages: "{{m}}" }', USER));
    expect(fromVariable).toBe(written);
    const written2 = invokeKey(await appliedDir(2, `{ messages: ${GREETING} }`, USER));
    const fromVariable2 = invokeKey(await appliedDir(2, '{ messages: "{{m}}" }', GREETING));
    expect(fromVariable2).toBe(written2);
  });
});
