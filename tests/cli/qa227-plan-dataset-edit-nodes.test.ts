/**
 * QA227: an example removed from d1 of a plan with three datasets, and nothing else, read
 * `~ aggregate … 5 nodes because an example left the dataset (d1/e2)`, and --json listed every
 * aggregate as changed, while apply rewrites three of them (d1's, the task's, the benchmark's: d2's
 * and d3's are the same figures). 3413aba counted such an edit beside steps that run precisely; alone
 * it is counted the same way now.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatAgent, startChatAgent } from '../fixtures/chat-agent.js';
import { removeFolder, tempFolder } from '../fixtures/temp-folder.js';
import { spawnCliAsync } from './run-cli.js';

const plan = (endpoint: string) => `evalc: 1
benchmark: { id: qa227-edit, version: 1.0.0 }
agents:
  c1: { protocol: chat, url: ${endpoint} }
tasks:
  t:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{q}}" }] }
        output: { answer: "messages[-1].content" }
    datasets:
      d1: { source: d1.jsonl }
      d2: { source: d2.jsonl }
      d3: { source: d3.jsonl }
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
  dir = tempFolder('evalc-qa227-edit-');
  writeFileSync(path.join(dir, 'evalc.yaml'), plan(agent.endpoint));
  writeFileSync(path.join(dir, 'd1.jsonl'), line('e1', 'hi') + line('e2', 'ho'));
  writeFileSync(path.join(dir, 'd2.jsonl'), line('e1', 'yo'));
  writeFileSync(path.join(dir, 'd3.jsonl'), line('e1', 'ya'));
  const first = await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env });
  expect(first.code, first.stderr).toBe(0);
});

afterAll(async () => {
  await agent.close();
  removeFolder(dir);
});

describe('plan: a dataset edit alone counts the aggregates apply rewrites (QA227)', () => {
  it('an example removed from d1 of three: 3 nodes, the ones whose figures change', async () => {
    writeFileSync(path.join(dir, 'd1.jsonl'), line('e1', 'hi'));
    const out = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(out.code).toBe(2);
    expect(out.stdout).toMatch(
      /~ aggregate +qa227-edit +3 nodes +because an example left the dataset \(d1\/e2\): its results leave evalc\.lock\n/,
    );
    const json = await spawnCliAsync(['plan', '--json'], { cwd: dir, env });
    const steps = (JSON.parse(json.stdout) as { steps: { kind: string; id: string; status: string }[] })
      .steps;
    const rerun = steps.filter((s) => s.kind === 'aggregate' && s.status !== 'cached').map((s) => s.id);
    expect(rerun.sort()).toEqual(['aggregate/benchmark', 'aggregate/c1/t/d1', 'aggregate/task/t']);
    // What apply then changes in evalc.lock: those three aggregates, no other.
    const before = aggregates(dir);
    const applied = await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env });
    expect(applied.code, applied.stderr).toBe(0);
    const after = aggregates(dir);
    const changed = Object.keys(after).filter((k) => JSON.stringify(after[k]) !== JSON.stringify(before[k]));
    expect(changed.sort()).toEqual(['benchmark', 'dataset/t/d1', 'task/t']);
  });
});
