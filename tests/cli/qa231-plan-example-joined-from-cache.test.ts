/**
 * QA231 (the case next to QA227's 03be989): an example added to d1 and run by `apply --only t/d1`
 * (its results cached, evalc.lock not rewritten), then `evalc plan`, read '~ aggregate … 3 nodes
 * because a dataset file changed (its sha256; a field no step reads, e.g. human_score)': the example
 * was unsaid, though apply writes its results into evalc.lock. It is named now (where no step runs:
 * beside steps that run, an added example is its `new example` rows).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppliedChatPlan,
  applyTwoDatasetChatPlan,
  joinD1ExampleFromCache,
  exampleLine as line,
} from '../fixtures/applied-chat-plan.js';
import type { ChatAgent } from '../fixtures/chat-agent.js';
import { spawnCliAsync } from './run-cli.js';

let applied: AppliedChatPlan;
let agent: ChatAgent;
let dir: string;
const env = { CI: 'true' };

beforeAll(async () => {
  applied = await applyTwoDatasetChatPlan('qa231-joined');
  ({ agent, dir } = applied);
  await joinD1ExampleFromCache(dir);
});

afterAll(() => applied.close());

describe('plan: an example whose results are cached joins evalc.lock (QA231)', () => {
  it('is named, and apply writes it with no agent call', async () => {
    const out = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(out.code).toBe(2);
    expect(out.stdout).toMatch(
      /~ aggregate +qa231-joined +3 nodes +because an example joined the dataset \(d1\/e2\): its results join evalc\.lock\n/,
    );
    const calls = agent.requests.length;
    const applied = await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env });
    expect(applied.code, applied.stderr).toBe(0);
    expect(agent.requests.length).toBe(calls);
    const again = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(again.stdout).toMatch(/^No changes\./);
  });

  it('beside an example that runs, the new one is its rows, and a field edit is said as before', async () => {
    writeFileSync(path.join(dir, 'd2.jsonl'), line('e1', 'yo') + line('e2', 'ya'));
    writeFileSync(
      path.join(dir, 'd1.jsonl'),
      `${JSON.stringify({ id: 'e1', vars: { q: 'hi' }, expected: { answer: 'hi' }, human_score: 1 })}\n${line('e2', 'ho')}`,
    );
    const out = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(out.stdout).toMatch(/\+ invoke .* 1 example +new example\n/);
    expect(out.stdout).toMatch(
      /~ aggregate +qa231-joined +4 nodes +because scores changed, and a dataset file changed \(its sha256; a field no step reads, e\.g\. human_score\)\n/,
    );
  });

  it('beside an example removed elsewhere, both are said', async () => {
    const settled = await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env });
    expect(settled.code, settled.stderr).toBe(0);
    const d1 = readFileSync(path.join(dir, 'd1.jsonl'), 'utf8');
    writeFileSync(path.join(dir, 'd1.jsonl'), d1 + line('e3', 'hu'));
    const only = await spawnCliAsync(['apply', '--quiet', '--only', 't/d1'], { cwd: dir, env });
    expect(only.code, only.stderr).toBe(0);
    writeFileSync(path.join(dir, 'd2.jsonl'), line('e1', 'yo'));
    const out = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(out.stdout).toMatch(
      /~ aggregate +qa231-joined +4 nodes +because an example left the dataset \(d2\/e2\): its results leave evalc\.lock, and an example joined the dataset \(d1\/e3\): its results join evalc\.lock\n/,
    );
  });
});
