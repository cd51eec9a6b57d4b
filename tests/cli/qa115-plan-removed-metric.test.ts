/**
 * QA115: a pull request removes (or renames) a metric. `evalc plan` said only `~ aggregate …
 * because scores changed` (pass_rate, derived from the metrics, re-scores) or `because the plan
 * changed (no step changes: e.g. a gate, a weight or a description)`: the reviewer could not see that
 * a metric's results leave evalc.lock. The aggregate's reason now names it.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatAgent, startChatAgent } from '../fixtures/chat-agent.js';
import { removeFolder, tempFolder } from '../fixtures/temp-folder.js';
import { spawnCliAsync } from './run-cli.js';

const plan = (endpoint: string, metrics: string) => `evalc: 1
benchmark: { id: qa115-removed-metric, version: 1.0.0 }
agents:
  c1: { protocol: chat, url: ${endpoint} }
tasks:
  t:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{q}}" }] }
        output: { answer: "messages[-1].content" }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }
    metrics:
${metrics}
`;
const both =
  '      - { type: contains, id: has, candidate: answer, expected: answer }\n      - { type: exact_match, id: same, candidate: answer, expected: answer }';
const one = '      - { type: contains, id: has, candidate: answer, expected: answer }';
const withPassRate = (text: string) => `${text}metrics:\n  - { type: pass_rate }\n`;

let agent: ChatAgent;
let dir: string;
const env = { CI: 'true' };

beforeAll(async () => {
  agent = await startChatAgent(['echo']);
  dir = tempFolder('evalc-qa115-removed-metric-');
});

afterAll(async () => {
  await agent.close();
  removeFolder(dir);
});

async function applied(text: string): Promise<void> {
  writeFileSync(path.join(dir, 'evalc.yaml'), text);
  const out = await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env });
  expect(out.code, out.stderr).toBe(0);
}

describe('plan: a metric removed from a task (QA115)', () => {
  it('no step re-runs: the aggregate reason names the metric', async () => {
    await applied(plan(agent.endpoint, both));
    writeFileSync(path.join(dir, 'evalc.yaml'), plan(agent.endpoint, one));
    const out = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(out.code).toBe(2);
    expect(out.stdout).toMatch(
      /~ aggregate +qa115-removed-metric +3 nodes +because metric t\/same left the plan: its results leave evalc\.lock\n/,
    );
  });

  it('beside scores that change (pass_rate), too', async () => {
    await applied(withPassRate(plan(agent.endpoint, both)));
    writeFileSync(path.join(dir, 'evalc.yaml'), withPassRate(plan(agent.endpoint, one)));
    const out = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(out.code).toBe(2);
    expect(out.stdout).toContain(
      'because scores changed, and metric t/same left the plan: its results leave evalc.lock',
    );
  });
});
