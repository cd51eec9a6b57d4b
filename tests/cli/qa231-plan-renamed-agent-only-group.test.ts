/**
 * QA231 (the case next to QA227's 9d9c946): an agent renamed (c2 → c3), `apply --only t/d1` run
 * (c3/t/d1's results cached, evalc.lock not rewritten), then `evalc plan`: the aggregate row read
 * 5 nodes, --json leaving out aggregate/c3/t/d1, though apply writes c3's cached runs into evalc.lock
 * and rewrites dataset/t/d1. A group whose runs are all cached but unrecorded is counted beside steps
 * that run, as it is alone.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppliedChatPlan,
  lockAggregates as aggregates,
  applyChatPlan,
  chatDatasetsPlan,
  exampleLine as line,
  rerunAggregates,
} from '../fixtures/applied-chat-plan.js';
import type { ChatAgent } from '../fixtures/chat-agent.js';
import { spawnCliAsync } from './run-cli.js';

const plan = (second: string, endpoint: string) =>
  chatDatasetsPlan('qa231-renamed', ['c1', second], ['d1', 'd2'], endpoint);

let applied: AppliedChatPlan;
let agent: ChatAgent;
let dir: string;
const env = { CI: 'true' };

beforeAll(async () => {
  applied = await applyChatPlan('evalc-qa231-renamed-', (endpoint) => plan('c2', endpoint), {
    'd1.jsonl': line('e1', 'hi'),
    'd2.jsonl': line('e1', 'yo'),
  });
  ({ agent, dir } = applied);
  writeFileSync(path.join(dir, 'evalc.yaml'), plan('c3', agent.endpoint));
  const only = await spawnCliAsync(['apply', '--quiet', '--only', 't/d1'], { cwd: dir, env });
  expect(only.code, only.stderr).toBe(0);
});

afterAll(() => applied.close());

describe('plan: a renamed agent’s group apply --only ran is counted (QA231)', () => {
  it('counts c3/t/d1, whose aggregate apply rewrites', async () => {
    const json = await spawnCliAsync(['plan', '--json'], { cwd: dir, env });
    const rerun = rerunAggregates(json.stdout);
    expect(rerun.sort()).toEqual([
      'aggregate/benchmark',
      'aggregate/c3/t/d1',
      'aggregate/c3/t/d2',
      'aggregate/task/t',
    ]);
    const out = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(out.stdout).toMatch(/~ aggregate +qa231-renamed +4 nodes +because scores changed/);
    const before = aggregates(dir);
    const calls = agent.requests.length;
    const applied = await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env });
    expect(applied.code, applied.stderr).toBe(0);
    expect(agent.requests.length - calls).toBe(1);
    const after = aggregates(dir);
    const changed = Object.keys(after).filter((k) => JSON.stringify(after[k]) !== JSON.stringify(before[k]));
    expect(changed.sort()).toEqual(['benchmark', 'dataset/t/d1', 'dataset/t/d2', 'task/t']);
  });
});
