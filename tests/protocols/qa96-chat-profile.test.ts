/**
 * The chat agent's named profile (shared/protocols/chat.md: the default follows the seed
 * contract, "a named compatibility profile follows today's implementation"). Only the boolean
 * `replayTools: true` named today's platform, and `profile: platform` (the word mae agents take,
 * `profile: agentv` / `current`) was an unknown key (QA96). `profile: platform` (alias `current`)
 * is now `replayTools: true` — same requests, same content keys and lock — and `profile: seed`
 * (alias `legacy`) the default; a profile contradicting `replayTools` beside it is refused.
 * Through the built CLI against a real loopback agent.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempWorkspace } from '../e2e/apply-harness.js';
import { type ChatAgent, startChatAgent } from '../fixtures/chat-agent.js';

let agent: ChatAgent;
let workspace: { dir: string; cleanup: () => void };

function writePlan(agentFields: Record<string, unknown>): void {
  const plan = {
    evalc: 1,
    benchmark: { id: 'qa96-chat-profile', version: '1.0.0' },
    agents: { a2: { protocol: 'chat', url: agent.endpoint, ...agentFields } },
    tasks: {
      talk: {
        bindings: {
          default: {
            input: { messages: [{ role: 'user', content: '{{user_query}}' }] },
            output: { answer: 'messages[-1].content' },
          },
        },
        datasets: {
          d: { examples: [{ id: 'x1', turns: ['Hi there', 'my order ORD-12345', 'Thanks, goodbye'] }] },
        },
        metrics: [{ type: 'contains', candidate: 'answer', value: 'e' }],
      },
    },
  };
  writeFileSync(path.join(workspace.dir, 'evalc.yaml'), JSON.stringify(plan, null, 2));
}

const cli = (args: string[]) => runCli(args, { cwd: workspace.dir, timeoutMs: 30_000 });

beforeAll(async () => {
  agent = await startChatAgent(['echo']);
  workspace = tempWorkspace('qa96-chat-profile');
});
afterAll(async () => {
  await agent?.close();
  workspace?.cleanup();
});

describe('chat profile: platform (QA96)', () => {
  it("runs the platform's wire (nulls, turn_index = messages so far, last line unsent) and pins history: replay", async () => {
    writePlan({ profile: 'platform' });
    const run = await cli(['apply', 'evalc.yaml', '--quiet']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    // Three scripted lines: the platform answers the first two and appends the last unsent (C15).
    expect(agent.requests.map((r) => r.body.metadata?.turn_index)).toEqual([1, 3]);
    expect(agent.requests[0]?.body.messages[0]).toEqual({
      role: 'user',
      content: 'Hi there',
      tool_calls: null,
      tool_call_id: null,
      name: null,
    });
    const lock = JSON.parse(readFileSync(path.join(workspace.dir, 'evalc.lock'), 'utf8'));
    expect(lock.agents.a2.settings).toEqual({ history: 'replay' });
  });

  it('is the same agent as replayTools: true and profile: current (nothing to invoke)', async () => {
    for (const fields of [
      { replayTools: true },
      { profile: 'current' },
      { profile: 'platform', replayTools: true },
    ]) {
      writePlan(fields);
      const plan = await cli(['plan', 'evalc.yaml', '--json']);
      expect(plan.stderr).toBe('');
      const out = JSON.parse(plan.stdout) as { counts: { invoke: { run: number; cached: number } } };
      expect(out.counts.invoke).toEqual({ run: 0, cached: 1 });
    }
  });

  it('profile: seed (and legacy) is the default: the seed wire, turn_index 0', async () => {
    writePlan({ profile: 'legacy' });
    agent.requests.length = 0;
    const run = await cli(['apply', 'evalc.yaml', '--quiet']);
    expect(run.code).toBe(0);
    expect(agent.requests.map((r) => r.body.metadata?.turn_index)).toEqual([0, 2, 4]);
    expect(agent.requests[0]?.body.messages[0]).toEqual({ role: 'user', content: 'Hi there' });
    writePlan({});
    const plan = await cli(['plan', 'evalc.yaml', '--json']);
    expect((JSON.parse(plan.stdout) as { counts: { invoke: unknown } }).counts.invoke).toEqual({
      run: 0,
      cached: 1,
    });
  });

  it('refuses a profile that contradicts replayTools written beside it', async () => {
    writePlan({ profile: 'seed', replayTools: true });
    const run = await cli(['validate', 'evalc.yaml']);
    expect(run.code).toBe(65);
    expect(run.stderr).toContain(
      'EVALC_AGENT_CONFIG: agent a2: profile: seed and replayTools: true disagree',
    );
    expect(run.stderr).toMatch(/evalc\.yaml:\d+:\d+:/);
  });
});
