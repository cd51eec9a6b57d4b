/**
 * A chat example whose rendered input ends with an assistant greeting and has no `turns` is its
 * greeting alone (C4): nothing is sent, so it is no agent call in the summary and in `--json`'s
 * `invoked` (it used to count as one).
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

describe('a chat example that is only a greeting', () => {
  it('sends nothing and is no agent call; an example with a turn after the greeting is one', async () => {
    const agent = await startChatAgent(['echo']);
    cleanups.push(() => void agent.close());
    const ws = tempWorkspace('chat-greeting-only');
    cleanups.push(ws.cleanup);
    writeFileSync(
      path.join(ws.dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: chat-greeting }
agents:
  c: { protocol: chat, url: "${agent.endpoint}", limits: { retries: 0 } }
tasks:
  t:
    bindings:
      default:
        input: { messages: [ { role: assistant, content: "{{greeting}}" } ] }
        output: { answer: "messages[-1].content" }
    datasets:
      d: { examples: [ { id: g1, vars: { greeting: "Hello!" }, expected: { answer: "Hello!" } },
                       { id: g2, vars: { greeting: "Hi" }, turns: [ "ping" ], expected: { answer: "ping" } } ] }
    metrics: [ { type: contains, candidate: answer, expected: answer } ]
`,
    );
    const run = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: ws.dir });
    expect(run.code, run.stderr).toBe(0);
    expect(agent.requests.map((r) => r.body.metadata?.test_case_id)).toEqual(['g2']);
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
    expect(result).toMatchObject({ status: 'done', invoked: 1, errors: 0 });
    expect(lockResults(ws.dir).map((r) => [r.example, r.pass])).toEqual([
      ['g1', true],
      ['g2', true],
    ]);
  });
});
