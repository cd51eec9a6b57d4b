/**
 * QA227: an agent renamed, then `plan --only t/d1`, read '… and 2 groups left the plan (c1/t/d1,
 * c1/t/d2): their results leave evalc.lock' (65df607's wording, and before it the same when no step
 * ran): t/d2 is outside the selection, and apply --only writes .evalc/evalc.only.lock, never
 * evalc.lock. Under --only the selection's groups alone are named, with the lock apply --only writes.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatAgent, startChatAgent } from '../fixtures/chat-agent.js';
import { removeFolder, tempFolder } from '../fixtures/temp-folder.js';
import { spawnCliAsync } from './run-cli.js';

const plan = (agent: string, endpoint: string) => `evalc: 1
benchmark: { id: qa227-only-gone, version: 1.0.0 }
agents:
  ${agent}: { protocol: chat, url: ${endpoint} }
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
  dir = tempFolder('evalc-qa227-only-gone-');
  writeFileSync(path.join(dir, 'evalc.yaml'), plan('c1', agent.endpoint));
  writeFileSync(path.join(dir, 'd1.jsonl'), line('e1', 'hi'));
  writeFileSync(path.join(dir, 'd2.jsonl'), line('e1', 'yo'));
  const first = await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env });
  expect(first.code, first.stderr).toBe(0);
  writeFileSync(path.join(dir, 'evalc.yaml'), plan('c2', agent.endpoint));
});

afterAll(async () => {
  await agent.close();
  removeFolder(dir);
});

describe('plan --only: the groups that left the plan, of the selection alone (QA227)', () => {
  it('names the selection’s group and the lock apply --only writes', async () => {
    const out = await spawnCliAsync(['plan', '--only', 't/d1'], { cwd: dir, env });
    expect(out.code).toBe(2);
    expect(out.stdout).toMatch(
      /~ aggregate +qa227-only-gone +3 nodes +because scores changed, and 1 group left the plan \(c1\/t\/d1\): their results are not in \.evalc\/evalc\.only\.lock, the lock apply --only writes\n/,
    );
  });

  it('without --only still names every group and evalc.lock', async () => {
    const out = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(out.stdout).toMatch(
      /because scores changed, and 2 groups left the plan \(c1\/t\/d1, c1\/t\/d2\): their results leave evalc\.lock\n/,
    );
  });
});
