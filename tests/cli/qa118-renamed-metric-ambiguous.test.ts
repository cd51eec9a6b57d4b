/**
 * QA118: `evalc diff`'s `renamed?` note (QA115) is given only when the pairing is one to one. Two
 * metrics alike but for their id removed, and one such metric added: each removed line named the
 * added one as its new name, and the added line was called a rename of both.
 */
import { copyFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatAgent, startChatAgent } from '../fixtures/chat-agent.js';
import { removeFolder, tempFolder } from '../fixtures/temp-folder.js';
import { spawnCliAsync } from './run-cli.js';

const plan = (endpoint: string, ids: string[]) => `evalc: 1
benchmark: { id: qa118-rename, version: 1.0.0 }
agents:
  c1: { protocol: chat, url: ${endpoint} }
tasks:
  t:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{q}}" }] }
        output: { answer: "messages[-1].content" }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } }, { id: e2, vars: { q: yo }, expected: { answer: zz } } ] }
    metrics:
${ids.map((id) => `      - { type: contains, id: ${id}, candidate: answer, expected: answer }`).join('\n')}
`;

let agent: ChatAgent;
let dir: string;
const env = { CI: 'true' };

async function applyAs(ids: string[], lockName: string): Promise<string> {
  writeFileSync(path.join(dir, 'evalc.yaml'), plan(agent.endpoint, ids));
  const out = await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env });
  expect(out.code, out.stderr).toBe(0);
  const saved = path.join(dir, lockName);
  copyFileSync(path.join(dir, 'evalc.lock'), saved);
  return saved;
}

beforeAll(async () => {
  agent = await startChatAgent(['echo']);
  dir = tempFolder('evalc-qa118-rename-');
});

afterAll(async () => {
  await agent.close();
  removeFolder(dir);
});

describe("diff's renamed? note is one to one (QA118)", () => {
  it('two twins removed and one added: no line says renamed?', async () => {
    const before = await applyAs(['m1', 'm2'], 'two.lock');
    const after = await applyAs(['m3'], 'one.lock');
    const out = await spawnCliAsync(['diff', before, after], { cwd: dir, env });
    expect(out.stdout).toContain('t/m1: metric removed');
    expect(out.stdout).toContain('t/m3: metric added');
    expect(out.stdout).not.toContain('renamed?');
  });

  it('one removed and one added: still a rename', async () => {
    const before = await applyAs(['m1'], 'm1.lock');
    const after = await applyAs(['m9'], 'm9.lock');
    const out = await spawnCliAsync(['diff', before, after], { cwd: dir, env });
    expect(out.stdout).toContain('t/m9 has the same type and settings: renamed?');
    expect(out.stdout).toContain('t/m1 has the same type and settings: renamed?');
  });
});
