/**
 * QA233 (the case next to QA231's dcfa44d): an example joined d1 from the cache (an `apply --only
 * t/d1` ran it) while a field no step reads was edited in d2 (a human_score), then `evalc plan`:
 * it read '4 nodes because an example joined the dataset (d1/e2): …', d2's aggregate counted but its
 * edit unsaid. Both are said now, and apply then calls no agent.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppliedChatPlan,
  applyTwoDatasetChatPlan,
  chatDatasetsPlan,
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
  applied = await applyTwoDatasetChatPlan('qa233-joined');
  ({ agent, dir } = applied);
  await joinD1ExampleFromCache(dir);
  writeFileSync(path.join(dir, 'd2.jsonl'), line('e1', 'yo', { human_score: 1 }));
});

afterAll(() => applied.close());

describe('plan: an example joined from the cache beside a field edit elsewhere (QA233)', () => {
  it('says both, text and --json alike, and apply calls no agent', async () => {
    const reason =
      'because an example joined the dataset (d1/e2): its results join evalc.lock, and a dataset file changed (its sha256; a field no step reads, e.g. human_score)';
    const out = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(out.code).toBe(2);
    expect(out.stdout).toContain(`~ aggregate  qa233-joined`);
    expect(out.stdout).toMatch(/ 4 nodes +because an example joined/);
    expect(out.stdout).toContain(`${reason}\n`);
    const json = await spawnCliAsync(['plan', '--json'], { cwd: dir, env });
    const rows = (JSON.parse(json.stdout) as { rows: { kind: string; count: number; reason: string }[] })
      .rows;
    expect(rows).toEqual([expect.objectContaining({ kind: 'aggregate', count: 4, reason })]);
    const calls = agent.requests.length;
    const applied = await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env });
    expect(applied.code, applied.stderr).toBe(0);
    expect(agent.requests.length).toBe(calls);
    expect((await spawnCliAsync(['plan'], { cwd: dir, env })).stdout).toMatch(/^No changes\./);
  });

  it('beside an example that runs elsewhere, the one joined from the cache is named too', async () => {
    writeFileSync(path.join(dir, 'd2.jsonl'), line('e1', 'yo', { human_score: 1 }) + line('e2', 'ya'));
    const only = await spawnCliAsync(['apply', '--quiet', '--only', 't/d2'], { cwd: dir, env });
    expect(only.code, only.stderr).toBe(0);
    writeFileSync(path.join(dir, 'd1.jsonl'), line('e1', 'hi') + line('e2', 'ho') + line('e3', 'hu'));
    const reason =
      'because scores changed, and an example joined the dataset (d2/e2): its results join evalc.lock';
    const out = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(out.stdout).toMatch(/\+ invoke .* 1 example +new example\n/);
    expect(out.stdout).toMatch(/ 4 nodes +because scores changed/);
    expect(out.stdout).toContain(`${reason}\n`);
    const json = await spawnCliAsync(['plan', '--json'], { cwd: dir, env });
    const rows = (JSON.parse(json.stdout) as { rows: { kind: string; count: number; reason: string }[] })
      .rows;
    expect(rows.find((r) => r.kind === 'aggregate')).toEqual(expect.objectContaining({ count: 4, reason }));
    const calls = agent.requests.length;
    const applied = await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env });
    expect(applied.code, applied.stderr).toBe(0);
    expect(agent.requests.length).toBe(calls + 1);
    expect((await spawnCliAsync(['plan'], { cwd: dir, env })).stdout).toMatch(/^No changes\./);
  });

  it('beside run.repeats lowered, the one joined from the cache is named too', async () => {
    const file = path.join(dir, 'evalc.yaml');
    const plan = chatDatasetsPlan('qa233-joined', ['c1'], ['d1', 'd2'], agent.endpoint);
    writeFileSync(file, `${plan}run: { repeats: 2 }\n`);
    expect((await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env })).code).toBe(0);
    writeFileSync(
      path.join(dir, 'd1.jsonl'),
      line('e1', 'hi') + line('e2', 'ho') + line('e3', 'hu') + line('e4', 'he'),
    );
    const only = await spawnCliAsync(['apply', '--quiet', '--only', 't/d1'], { cwd: dir, env });
    expect(only.code, only.stderr).toBe(0);
    writeFileSync(file, plan);
    const out = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(out.stdout).toContain(
      "4 nodes      because run.repeats changed (2 → 1): the dropped repeats' results leave evalc.lock, and an example joined the dataset (d1/e4): its results join evalc.lock\n",
    );
    const calls = agent.requests.length;
    expect((await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env })).code).toBe(0);
    expect(agent.requests.length).toBe(calls);
    expect((await spawnCliAsync(['plan'], { cwd: dir, env })).stdout).toMatch(/^No changes\./);
  });
});
