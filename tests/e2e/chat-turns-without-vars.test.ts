/**
 * A chat example with `turns` is said by its turns alone: they replace the user messages of the
 * binding's input. So an example with turns and none of the vars those user messages name (DESIGN
 * §2's `{{user_query}}`) validates and runs, its system prompt kept, while an example without
 * turns still needs them (QA22 E8: validate refused the plan, `EVALC_BIND_UNKNOWN_VAR`).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startChatAgent } from '../fixtures/chat-agent.js';
import { assertBuilt, lockResults, runCli, tempWorkspace } from './apply-harness.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});
beforeAll(() => assertBuilt());

function writeChatPlan(dir: string, endpoint: string, examples: string): void {
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: chat-turns }
agents:
  c: { protocol: chat, url: "${endpoint}", limits: { retries: 0 } }
tasks:
  t:
    bindings:
      default:
        input: { messages: [ { role: system, content: "Be brief about {{topic}}." }, { role: user, content: "{{user_query}}" } ] }
        output: { answer: "messages[-1].content" }
    datasets:
      d: { examples: ${examples} }
    metrics: [ { type: contains, candidate: answer, expected: answer } ]
`,
  );
}

describe('chat examples with turns', () => {
  it('need no var for the user messages the turns replace, and keep the system prompt', async () => {
    const agent = await startChatAgent(['echo']);
    cleanups.push(() => void agent.close());
    const ws = tempWorkspace('chat-turns');
    cleanups.push(ws.cleanup);
    writeChatPlan(
      ws.dir,
      agent.endpoint,
      `[ { id: s1, vars: { topic: courses }, turns: [ "first", "second" ], expected: { answer: second } },
         { id: s2, vars: { topic: courses, user_query: "plain" }, expected: { answer: plain } } ]`,
    );
    const validate = await runCli(['validate', 'evalc.yaml'], { cwd: ws.dir });
    expect(validate.code, validate.stdout + validate.stderr).toBe(0);
    const run = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir });
    expect(run.code, run.stderr).toBe(0);
    expect(lockResults(ws.dir).map((r) => [r.example, r.pass, r.errors ?? null])).toEqual([
      ['s1', true, null],
      ['s2', true, null],
    ]);
    const first = agent.requests.find((r) => r.body.metadata?.test_case_id === 's1');
    expect(first?.body.messages).toEqual([
      { role: 'system', content: 'Be brief about courses.' },
      { role: 'user', content: 'first' },
    ]);
  });

  it('still need the vars of what they do not replace, and examples without turns need all', async () => {
    const agent = await startChatAgent(['echo']);
    cleanups.push(() => void agent.close());
    const ws = tempWorkspace('chat-turns-missing');
    cleanups.push(ws.cleanup);
    writeChatPlan(
      ws.dir,
      agent.endpoint,
      `[ { id: s1, vars: { }, turns: [ "first" ] }, { id: s2, vars: { topic: x } } ]`,
    );
    const validate = await runCli(['validate', 'evalc.yaml'], { cwd: ws.dir });
    expect(validate.code).toBe(65);
    // s1 lacks `topic` (its system prompt), s2 lacks `user_query` (it has no turns).
    expect(validate.stderr + validate.stdout).toMatch(/examples s1 \(1 of 2\): "topic" is not defined/);
    expect(validate.stderr + validate.stdout).toMatch(/examples s2 \(1 of 2\): "user_query" is not defined/);
  });

  it('warns at validate when a chat agent gets an input that is not {messages} for examples without turns', async () => {
    const ws = tempWorkspace('chat-input-warning');
    cleanups.push(ws.cleanup);
    writeFileSync(
      path.join(ws.dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: chat-input }
agents:
  c: { protocol: chat, url: "http://127.0.0.1:9/agent/respond" }
tasks:
  t:
    bindings:
      default:
        input: { query: "{{user_query}}" }
        output: { answer: "messages[-1].content" }
    datasets:
      d: { examples: [ { id: s1, vars: { user_query: hi } }, { id: s2, vars: { user_query: hi }, turns: [ hi ] } ] }
    metrics: [ { type: contains, candidate: answer, expected: answer } ]
`,
    );
    const validate = await runCli(['validate', 'evalc.yaml'], { cwd: ws.dir });
    expect(validate.code).toBe(0);
    const text = validate.stdout + validate.stderr;
    expect(text).toContain(
      'warning EVALC_BIND_CHAT_INPUT: chat agent `c` gets binding `default`, whose input is not a string or {messages: [...]}, for dataset d, examples s1 (1 of 2) (they have no turns)',
    );
    expect(text).not.toMatch(/examples s1, s2/);
  });
});
