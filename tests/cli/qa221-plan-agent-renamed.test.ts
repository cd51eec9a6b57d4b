/**
 * QA221: a pull request renames an agent. `evalc plan` read `~ aggregate … because scores changed`
 * alone: the old name's groups, whose results leave evalc.lock, went unsaid beside the steps that run
 * (with nothing to run it read "because 1 group left the plan (…)", QA47).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppliedChatPlan, applyChatPlan } from '../fixtures/applied-chat-plan.js';
import type { ChatAgent } from '../fixtures/chat-agent.js';
import { spawnCliAsync } from './run-cli.js';

const plan = (endpoint: string, agent: string) => `evalc: 1
benchmark: { id: qa221-renamed, version: 1.0.0 }
agents:
  ${agent}: { protocol: chat, url: ${endpoint} }
tasks:
  t:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{q}}" }] }
        output: { answer: "messages[-1].content" }
    datasets:
      d1: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }
    metrics:
      - { type: contains, candidate: answer, expected: answer }
`;

let applied: AppliedChatPlan;
let agent: ChatAgent;
let dir: string;
const env = { CI: 'true' };

beforeAll(async () => {
  applied = await applyChatPlan('evalc-qa221-renamed-', (endpoint) => plan(endpoint, 'c1'), {});
  ({ agent, dir } = applied);
});

afterAll(() => applied.close());

describe('plan: an agent renamed (QA221)', () => {
  it("names the old name's groups leaving the lock beside the scores that change", async () => {
    writeFileSync(path.join(dir, 'evalc.yaml'), plan(agent.endpoint, 'c2'));
    const out = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(out.code).toBe(2);
    expect(out.stdout).toMatch(
      /~ aggregate +qa221-renamed +3 nodes +because scores changed, and 1 group left the plan \(c1\/t\/d1\): its results leave evalc\.lock\n/,
    );
  });
});
