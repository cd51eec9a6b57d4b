/**
 * QA115: a pull request adds a dataset to a task that has one. `evalc plan` names its rows by task
 * and agent (`geo/capitals[raip1]`), so `+ invoke … 1 example   new dataset` did not say which of
 * the task's datasets is new; the reason now names it.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppliedChatPlan, applyChatPlan } from '../fixtures/applied-chat-plan.js';
import type { ChatAgent } from '../fixtures/chat-agent.js';
import { spawnCliAsync } from './run-cli.js';

const plan = (endpoint: string, more = '') => `evalc: 1
benchmark: { id: qa115-new-dataset, version: 1.0.0 }
agents:
  c1: { protocol: chat, url: ${endpoint} }
tasks:
  t:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{q}}" }] }
        output: { answer: "messages[-1].content" }
    datasets:
      d1: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }${more}
    metrics:
      - { type: contains, candidate: answer, expected: answer }
`;

let applied: AppliedChatPlan;
let agent: ChatAgent;
let dir: string;
const env = { CI: 'true' };

beforeAll(async () => {
  applied = await applyChatPlan('evalc-qa115-new-dataset-', (endpoint) => plan(endpoint), {});
  ({ agent, dir } = applied);
});

afterAll(() => applied.close());

describe('plan: a dataset added to a task (QA115)', () => {
  it('names the new dataset in the reason', async () => {
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      plan(
        agent.endpoint,
        '\n      d2: { examples: [ { id: e1, vars: { q: yo }, expected: { answer: yo } }, { id: e2, vars: { q: ho }, expected: { answer: ho } } ] }',
      ),
    );
    const out = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(out.code).toBe(2);
    expect(out.stdout).toMatch(/\+ invoke +qa115-new-dataset\/t\[c1\] +2 examples +new dataset \(d2\)\n/);
    const json = await spawnCliAsync(['plan', '--json'], { cwd: dir, env });
    const rows = (JSON.parse(json.stdout) as { rows: { kind: string; reason: string }[] }).rows;
    expect(rows.find((r) => r.kind === 'invoke')?.reason).toBe('new dataset (d2)');
  });
});
