/**
 * QA231 (the case next to QA227's 9d9c946): an agent renamed (c2 → c3), `apply --only t/d1` run
 * (c3/t/d1's results cached, evalc.lock not rewritten), then `evalc plan`: the aggregate row read
 * 5 nodes, --json leaving out aggregate/c3/t/d1, though apply writes c3's cached runs into evalc.lock
 * and rewrites dataset/t/d1. A group whose runs are all cached but unrecorded is counted beside steps
 * that run, as it is alone.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatAgent, startChatAgent } from '../fixtures/chat-agent.js';
import { removeFolder, tempFolder } from '../fixtures/temp-folder.js';
import { spawnCliAsync } from './run-cli.js';

const plan = (second: string, endpoint: string) => `evalc: 1
benchmark: { id: qa231-renamed, version: 1.0.0 }
agents:
  c1: { protocol: chat, url: ${endpoint} }
  ${second}: { protocol: chat, url: ${endpoint} }
tasks:
  t:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{q}}" }] }
        output: { answer: "messages[-1].content" }
    datasets:
      d1: { source: d1.jsonl }
      d2: { source: d2.jsonl }
    metrics:
      - { type: contains, candidate: answer, expected: answer }
`;

const line = (id: string, q: string) => `${JSON.stringify({ id, vars: { q }, expected: { answer: q } })}\n`;
const aggregates = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')).aggregates as Record<string, unknown>;

let agent: ChatAgent;
let dir: string;
const env = { CI: 'true' };

beforeAll(async () => {
  agent = await startChatAgent(['echo']);
  dir = tempFolder('evalc-qa231-renamed-');
  writeFileSync(path.join(dir, 'evalc.yaml'), plan('c2', agent.endpoint));
  writeFileSync(path.join(dir, 'd1.jsonl'), line('e1', 'hi'));
  writeFileSync(path.join(dir, 'd2.jsonl'), line('e1', 'yo'));
  const first = await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env });
  expect(first.code, first.stderr).toBe(0);
  writeFileSync(path.join(dir, 'evalc.yaml'), plan('c3', agent.endpoint));
  const only = await spawnCliAsync(['apply', '--quiet', '--only', 't/d1'], { cwd: dir, env });
  expect(only.code, only.stderr).toBe(0);
});

afterAll(async () => {
  await agent.close();
  removeFolder(dir);
});

describe('plan: a renamed agent’s group apply --only ran is counted (QA231)', () => {
  it('counts c3/t/d1, whose aggregate apply rewrites', async () => {
    const json = await spawnCliAsync(['plan', '--json'], { cwd: dir, env });
    const steps = (JSON.parse(json.stdout) as { steps: { kind: string; id: string; status: string }[] })
      .steps;
    const rerun = steps.filter((s) => s.kind === 'aggregate' && s.status !== 'cached').map((s) => s.id);
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
