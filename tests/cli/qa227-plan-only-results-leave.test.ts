/**
 * QA227: under `plan --only t/d1`, an example removed read 'an example left the dataset (d1/e2): its
 * results leave evalc.lock', a metric removed 'metric t/m2 left the plan: its results leave
 * evalc.lock', repeats lowered 'the dropped repeats' results leave evalc.lock': apply --only writes
 * .evalc/evalc.only.lock and leaves evalc.lock as it is. Under --only they name that lock.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppliedChatPlan, applyChatPlan, exampleLine as line } from '../fixtures/applied-chat-plan.js';
import type { ChatAgent } from '../fixtures/chat-agent.js';
import { spawnCliAsync } from './run-cli.js';

const plan =
  (extra: string, repeats = 2) =>
  (endpoint: string) =>
    `evalc: 1
benchmark: { id: qa227-leave, version: 1.0.0 }
agents:
  c1: { protocol: chat, url: ${endpoint} }
run: { repeats: ${repeats} }
tasks:
  t:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{q}}" }] }
        output: { answer: "messages[-1].content" }
    datasets:
      d1: { source: d1.jsonl }
    metrics:
      - { type: contains, candidate: answer, expected: answer }
${extra}`;
const withM2 = plan('      - { id: m2, type: exact_match, candidate: answer, expected: answer }\n');

let applied: AppliedChatPlan;
let agent: ChatAgent;
let dir: string;
const env = { CI: 'true' };
const planOnly = () => spawnCliAsync(['plan', '--only', 't/d1'], { cwd: dir, env });
const tail = 'results are not in \\.evalc/evalc\\.only\\.lock, the lock apply --only writes\\n';

beforeAll(async () => {
  applied = await applyChatPlan('evalc-qa227-leave-', withM2, {
    'd1.jsonl': line('e1', 'hi') + line('e2', 'ho'),
  });
  ({ agent, dir } = applied);
});

afterAll(() => applied.close());

describe('plan --only: results that leave the lock name the lock apply --only writes (QA227)', () => {
  it('an example removed', async () => {
    writeFileSync(path.join(dir, 'd1.jsonl'), line('e1', 'hi'));
    const out = await planOnly();
    expect(out.stdout).toMatch(new RegExp(`an example left the dataset \\(d1/e2\\): its ${tail}`));
    // Without --only, evalc.lock as before.
    const full = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(full.stdout).toMatch(/an example left the dataset \(d1\/e2\): its results leave evalc\.lock\n/);
    writeFileSync(path.join(dir, 'd1.jsonl'), line('e1', 'hi') + line('e2', 'ho'));
  });

  it('a metric removed', async () => {
    writeFileSync(path.join(dir, 'evalc.yaml'), plan('')(agent.endpoint));
    const out = await planOnly();
    expect(out.stdout).toMatch(new RegExp(`metric t/m2 left the plan: its ${tail}`));
  });

  it('repeats lowered', async () => {
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      plan('      - { id: m2, type: exact_match, candidate: answer, expected: answer }\n', 1)(agent.endpoint),
    );
    const out = await planOnly();
    expect(out.stdout).toMatch(new RegExp(`run\\.repeats changed \\(2 → 1\\): the dropped repeats' ${tail}`));
  });
});
