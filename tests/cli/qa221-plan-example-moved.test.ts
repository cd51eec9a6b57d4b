/**
 * QA221: a pull request removes an example from one dataset and adds one to another. `evalc plan`
 * read `~ aggregate … 3 nodes   because scores changed`: the dataset that lost an example was left
 * out of the aggregates that re-run (apply rewrites them: their `n` and means change), and the
 * removal went unsaid, while a removal alone reads "an example left the dataset (d1/e2)".
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatAgent, startChatAgent } from '../fixtures/chat-agent.js';
import { removeFolder, tempFolder } from '../fixtures/temp-folder.js';
import { spawnCliAsync } from './run-cli.js';

const plan = (endpoint: string) => `evalc: 1
benchmark: { id: qa221-moved, version: 1.0.0 }
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
    metrics:
      - { type: contains, candidate: answer, expected: answer }
`;

const line = (id: string, q: string) => `${JSON.stringify({ id, vars: { q }, expected: { answer: q } })}\n`;

let agent: ChatAgent;
let dir: string;
const env = { CI: 'true' };

beforeAll(async () => {
  agent = await startChatAgent(['echo']);
  dir = tempFolder('evalc-qa221-moved-');
  writeFileSync(path.join(dir, 'evalc.yaml'), plan(agent.endpoint));
  writeFileSync(path.join(dir, 'd1.jsonl'), line('e1', 'hi') + line('e2', 'ho'));
  writeFileSync(path.join(dir, 'd2.jsonl'), line('e1', 'yo'));
  const first = await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env });
  expect(first.code, first.stderr).toBe(0);
});

afterAll(async () => {
  await agent.close();
  removeFolder(dir);
});

describe('plan: an example removed from one dataset beside one added to another (QA221)', () => {
  it('re-aggregates both datasets and names the removal', async () => {
    writeFileSync(path.join(dir, 'd1.jsonl'), line('e1', 'hi'));
    writeFileSync(path.join(dir, 'd2.jsonl'), line('e1', 'yo') + line('e3', 'ya'));
    const out = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(out.code).toBe(2);
    expect(out.stdout).toMatch(/\+ invoke +qa221-moved\/t\[c1\] +1 example +new example\n/);
    expect(out.stdout).toMatch(
      /~ aggregate +qa221-moved +4 nodes +because scores changed, and an example left the dataset \(d1\/e2\): its results leave evalc\.lock\n/,
    );
    const json = await spawnCliAsync(['plan', '--json'], { cwd: dir, env });
    const steps = (JSON.parse(json.stdout) as { steps: { kind: string; id: string; status: string }[] })
      .steps;
    const rerun = steps.filter((s) => s.kind === 'aggregate' && s.status !== 'cached').map((s) => s.id);
    expect(rerun.sort()).toEqual([
      'aggregate/benchmark',
      'aggregate/c1/t/d1',
      'aggregate/c1/t/d2',
      'aggregate/task/t',
    ]);
  });
});
