/**
 * QA115: a pull request adds a dataset to a task that has one. `evalc plan` names its rows by task
 * and agent (`geo/capitals[raip1]`), so `+ invoke … 1 example   new dataset` did not say which of
 * the task's datasets is new; the reason now names it.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatAgent, startChatAgent } from '../fixtures/chat-agent.js';
import { removeFolder, tempFolder } from '../fixtures/temp-folder.js';
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

let agent: ChatAgent;
let dir: string;
const env = { CI: 'true' };

beforeAll(async () => {
  agent = await startChatAgent(['echo']);
  dir = tempFolder('evalc-qa115-new-dataset-');
  writeFileSync(path.join(dir, 'evalc.yaml'), plan(agent.endpoint));
  const first = await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env });
  expect(first.code, first.stderr).toBe(0);
});

afterAll(async () => {
  await agent.close();
  removeFolder(dir);
});

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
