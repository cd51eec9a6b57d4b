/**
 * QA115: an agent without discovery (chat, mae, openai, http) that declares `version:` in the plan.
 * evalc.lock records that version as the agent's, and `plan` and `apply --frozen` read it back as if
 * discovery had pinned it: their keys for that agent then differed from apply's, so `plan` right after
 * an apply said `~ invoke … because agent identity changed` (apply then called nobody) and `apply
 * --frozen` with the whole cache at hand was refused (`12 agent responses are not cached`).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppliedChatPlan, applyChatPlan } from '../fixtures/applied-chat-plan.js';
import type { ChatAgent } from '../fixtures/chat-agent.js';
import { spawnCliAsync } from './run-cli.js';

const plan = (endpoint: string, more = '') => `evalc: 1
benchmark: { id: qa115-version, version: 1.0.0 }
agents:
  c1: { protocol: chat, version: "2.0.0", url: ${endpoint} }
tasks:
  t:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{q}}" }] }
        output: { answer: "messages[-1].content" }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } }, { id: e2, vars: { q: yo }, expected: { answer: yo } } ] }
    metrics:
      - { type: contains, candidate: answer, expected: answer }${more}
`;

let applied: AppliedChatPlan;
let agent: ChatAgent;
let dir: string;
const env = { CI: 'true' };

beforeAll(async () => {
  applied = await applyChatPlan('evalc-qa115-version-', (endpoint) => plan(endpoint), {});
  ({ agent, dir } = applied);
});

afterAll(() => applied.close());

describe('a declared version of an agent without discovery, read back from evalc.lock (QA115)', () => {
  it('plan after apply says no changes', async () => {
    const out = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(out.stdout).not.toContain('agent identity changed');
    expect(out.code, out.stdout).toBe(0);
  });

  it('apply --frozen answers from the cache, up to date and with a metric added', async () => {
    const calls = agent.requests.length;
    const upToDate = await spawnCliAsync(['apply', '--frozen'], { cwd: dir, env });
    expect(upToDate.code, upToDate.stderr).toBe(0);
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      plan(agent.endpoint, '\n      - { type: regex, candidate: answer, pattern: "^[a-z]" }'),
    );
    const planned = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(planned.stdout).toContain('Plan: 0 to invoke, 0 to extract, 2 to score');
    const rescored = await spawnCliAsync(['apply', '--frozen'], { cwd: dir, env });
    expect(rescored.code, rescored.stderr).toBe(0);
    expect(agent.requests.length).toBe(calls);
  });

  it('changing the declared version still re-invokes that agent', async () => {
    writeFileSync(path.join(dir, 'evalc.yaml'), plan(agent.endpoint).replace('"2.0.0"', '"2.1.0"'));
    const out = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(out.code).toBe(2);
    expect(out.stdout).toMatch(
      /~ invoke +qa115-version\/t\[c1\] +2 examples +because agent identity changed \(version 2.0.0 → 2.1.0\)/,
    );
  });
});
