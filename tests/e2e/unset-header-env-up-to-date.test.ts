/**
 * QA49: a pull request from a fork runs CI without the repository's secrets. With evalc.lock up to
 * date, apply calls no agent, yet it refused ("agent c could not start: environment variable(s)
 * not set: CHAT_TOKEN") whenever the plan also had a RAIP agent (whose /info is asked first, so
 * every agent was started). An agent without discovery whose `${env.X}` is unset is now left
 * unstarted until the run needs it: an up-to-date apply exits 0, a run with work for it is
 * refused as before, and a run with work only for the RAIP agent goes on.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatAgent, startChatAgent } from '../fixtures/chat-agent.js';
import { countingExamples, runCli, useCountingAgent, writeDataset } from './apply-harness.js';

const counting = useCountingAgent();
let chat: ChatAgent;
beforeAll(async () => {
  chat = await startChatAgent(['echo']);
});
afterAll(async () => {
  await chat.close();
});

function writeTwoAgentPlan(dir: string): void {
  writeDataset(dir, 'raip.jsonl', countingExamples(2));
  writeFileSync(
    path.join(dir, 'chat.jsonl'),
    '{"id":"c1","vars":{"q":"ping"},"expected":{"answer":"ping"}}\n',
  );
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: fork-pr }
agents:
  r: { protocol: raip, url: "${counting.agent.url}", headers: { x-token: "\${env.R_TOKEN}" } }
  c: { protocol: chat, url: "${chat.endpoint}", headers: { authorization: "Bearer \${env.CHAT_TOKEN}" } }
tasks:
  t1:
    agents: [r]
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { source: raip.jsonl } }
    metrics: [ { type: contains, candidate: answer, expected: answer } ]
  t2:
    agents: [c]
    bindings: { default: { input: { messages: [ { role: user, content: "{{q}}" } ] }, output: { answer: "messages[-1].content" } } }
    datasets: { d: { source: chat.jsonl } }
    metrics: [ { type: contains, candidate: answer, expected: answer } ]
`,
  );
}

describe('an agent whose header secret is unset (a fork pull request)', () => {
  it('is not needed by an up-to-date apply; a run with work for it is refused; other work goes on', async () => {
    const dir = counting.workspace('unset-header-env');
    writeTwoAgentPlan(dir);
    const both = { CHAT_TOKEN: 's3cret', R_TOKEN: 'r3cret' };
    const first = await runCli(['apply', 'evalc.yaml'], { cwd: dir, env: both });
    expect(first.code, first.stderr).toBe(0);
    expect(chat.requests).toHaveLength(1);
    const raipCalls = counting.agent.stats().invokes;

    // Neither secret: the RAIP agent's identity is the one evalc.lock pinned, as in `plan`.
    const upToDate = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(upToDate.code, upToDate.stderr).toBe(0);
    expect(upToDate.stdout).toContain('evalc.lock is up to date');
    // --locked must ask /info to check that identity: it needs the secret.
    const locked = await runCli(['apply', 'evalc.yaml', '--locked'], { cwd: dir });
    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain('agent r: environment variable(s) not set: R_TOKEN');

    // New work for the RAIP agent: refused without its secret; with it, the run goes on without
    // starting the chat agent, whose answers are cached.
    appendFileSync(
      path.join(dir, 'raip.jsonl'),
      '{"id":"e9","vars":{"q":"e9"},"expected":{"answer":"e9"}}\n',
    );
    const noRaipToken = await runCli(['apply', 'evalc.yaml'], { cwd: dir, env: { CHAT_TOKEN: 's3cret' } });
    expect(noRaipToken.code).toBe(1);
    expect(noRaipToken.stderr).toContain('environment variable(s) not set: R_TOKEN');
    expect(counting.agent.stats().invokes).toBe(raipCalls);
    const raipOnly = await runCli(['apply', 'evalc.yaml'], { cwd: dir, env: { R_TOKEN: 'r3cret' } });
    expect(raipOnly.code, raipOnly.stderr).toBe(0);
    expect(counting.agent.stats().invokes).toBe(raipCalls + 1);

    // New work for the chat agent: refused as before, nothing sent.
    appendFileSync(
      path.join(dir, 'chat.jsonl'),
      '{"id":"c2","vars":{"q":"pong"},"expected":{"answer":"pong"}}\n',
    );
    const needsChat = await runCli(['apply', 'evalc.yaml'], { cwd: dir, env: { R_TOKEN: 'r3cret' } });
    expect(needsChat.code).toBe(1);
    expect(needsChat.stderr).toContain('agent c: environment variable(s) not set: CHAT_TOKEN');
    expect(chat.requests).toHaveLength(1);
  });
});
