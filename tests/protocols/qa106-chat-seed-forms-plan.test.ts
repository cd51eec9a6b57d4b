/**
 * QA100 found that a chat plan rewriting `replayTools: false` as `profile: seed` (the same agent,
 * the same wire) calls every example again: `profile: seed` is the agent with no `replayTools`,
 * the key profile-less plans have always had, and an explicit `replayTools: false` has had a key
 * of its own longer still. QA106 keeps the two keys (sharing them would re-run one kind of
 * existing cache), and `evalc plan` says why such a rewrite re-runs: it read only "because agent
 * identity changed", which no pinned setting explained. Through the built CLI against a real
 * loopback agent.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempWorkspace } from '../e2e/apply-harness.js';
import { type ChatAgent, startChatAgent } from '../fixtures/chat-agent.js';

let agent: ChatAgent;
let workspace: { dir: string; cleanup: () => void };

function writePlan(agentFields: Record<string, unknown>): void {
  const plan = {
    evalc: 1,
    benchmark: { id: 'qa106-chat-seed', version: '1.0.0' },
    agents: { a2: { protocol: 'chat', url: agent.endpoint, ...agentFields } },
    tasks: {
      talk: {
        bindings: {
          default: {
            input: { messages: [{ role: 'user', content: '{{q}}' }] },
            output: { answer: 'messages[-1].content' },
          },
        },
        datasets: { d: { examples: [{ id: 'x1', vars: { q: 'Hi there' } }] } },
        metrics: [{ type: 'contains', candidate: 'answer', value: 'e' }],
      },
    },
  };
  writeFileSync(path.join(workspace.dir, 'evalc.yaml'), JSON.stringify(plan, null, 2));
}

const cli = (args: string[]) => runCli(args, { cwd: workspace.dir, timeoutMs: 30_000 });

beforeAll(async () => {
  agent = await startChatAgent(['echo']);
  workspace = tempWorkspace('qa106-chat-seed');
});
afterAll(async () => {
  await agent?.close();
  workspace?.cleanup();
});

const invokeReason = async () => {
  const plan = await cli(['plan', 'evalc.yaml', '--json']);
  const rows = (JSON.parse(plan.stdout) as { rows: { kind: string; reason: string }[] }).rows;
  return rows.find((r) => r.kind === 'invoke')?.reason;
};

describe('chat: replayTools: false and profile: seed keep their keys, and plan says why (QA106)', () => {
  it('replayTools: false → profile: seed re-runs, and the reason names the two forms', async () => {
    writePlan({ replayTools: false });
    expect((await cli(['apply', 'evalc.yaml', '--quiet'])).code).toBe(0);
    writePlan({ profile: 'seed' });
    expect(await invokeReason()).toBe(
      'because agent identity changed (no pinned setting; if `profile: seed` replaced `replayTools: false` or the other way round: they mean the same but are keyed apart, so the agent is called again)',
    );
  });

  it('the profile-less agent is profile: seed: nothing to run', async () => {
    writePlan({ profile: 'seed' });
    expect((await cli(['apply', 'evalc.yaml', '--quiet'])).code).toBe(0);
    writePlan({});
    const plan = await cli(['plan', 'evalc.yaml', '--json']);
    expect((JSON.parse(plan.stdout) as { counts: { invoke: unknown } }).counts.invoke).toEqual({
      run: 0,
      cached: 1,
    });
  });
});
