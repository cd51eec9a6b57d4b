/**
 * QA247 (QA233's open item): `plan`'s reasons read in the number they name. Two examples an
 * `apply --only t` ran, one in each of d1 and d2, read '2 examples joined the dataset (d1/e2,
 * d2/e2)'; now 'joined the datasets'. (One group gone reads 'its results': qa221, qa227, qa47.)
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppliedChatPlan,
  applyTwoDatasetChatPlan,
  chatDatasetsPlan,
  exampleLine as line,
} from '../fixtures/applied-chat-plan.js';
import { spawnCliAsync } from './run-cli.js';

let applied: AppliedChatPlan;
let dir: string;
const env = { CI: 'true' };

beforeAll(async () => {
  applied = await applyTwoDatasetChatPlan('qa247-plurals');
  ({ dir } = applied);
});

afterAll(() => applied.close());

describe('plan: examples joined or left across datasets (QA247)', () => {
  it('reads "the datasets" when they are in two, "the dataset" when in one', async () => {
    writeFileSync(path.join(dir, 'd1.jsonl'), line('e1', 'hi') + line('e2', 'ho'));
    writeFileSync(path.join(dir, 'd2.jsonl'), line('e1', 'yo') + line('e2', 'ya'));
    expect((await spawnCliAsync(['apply', '--quiet', '--only', 't'], { cwd: dir, env })).code).toBe(0);
    const joined = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(joined.stdout).toContain(
      'because 2 examples joined the datasets (d1/e2, d2/e2): their results join evalc.lock\n',
    );
    expect((await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env })).code).toBe(0);
    writeFileSync(path.join(dir, 'd1.jsonl'), line('e1', 'hi'));
    writeFileSync(path.join(dir, 'd2.jsonl'), line('e1', 'yo'));
    const left = await spawnCliAsync(['plan', '--json'], { cwd: dir, env });
    const rows = (JSON.parse(left.stdout) as { rows: { kind: string; reason: string }[] }).rows;
    expect(rows.find((r) => r.kind === 'aggregate')?.reason).toBe(
      'because 2 examples left the datasets (d1/e2, d2/e2): their results leave evalc.lock',
    );
    writeFileSync(path.join(dir, 'd2.jsonl'), line('e1', 'yo') + line('e2', 'ya') + line('e3', 'yu'));
    expect((await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env })).code).toBe(0);
    writeFileSync(path.join(dir, 'd2.jsonl'), line('e1', 'yo'));
    expect((await spawnCliAsync(['plan'], { cwd: dir, env })).stdout).toContain(
      'because 2 examples left the dataset (d2/e2, d2/e3): their results leave evalc.lock\n',
    );
  });

  // The case next to bf41597: run.repeats lowered, an example joined d1 from the cache, a field no
  // step reads edited in d2. It read the repeats and the join, d2's edit unsaid.
  it('beside run.repeats lowered and a join, a field edited in another dataset is said too', async () => {
    const file = path.join(dir, 'evalc.yaml');
    const plan = chatDatasetsPlan('qa247-plurals', ['c1'], ['d1', 'd2'], applied.agent.endpoint);
    writeFileSync(path.join(dir, 'd1.jsonl'), line('e1', 'hi'));
    writeFileSync(path.join(dir, 'd2.jsonl'), line('e1', 'yo'));
    writeFileSync(file, `${plan}run: { repeats: 2 }\n`);
    expect((await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env })).code).toBe(0);
    writeFileSync(path.join(dir, 'd1.jsonl'), line('e1', 'hi') + line('e2', 'ho'));
    expect((await spawnCliAsync(['apply', '--quiet', '--only', 't/d1'], { cwd: dir, env })).code).toBe(0);
    writeFileSync(file, plan);
    writeFileSync(path.join(dir, 'd2.jsonl'), line('e1', 'yo', { human_score: 1 }));
    const reason =
      "because run.repeats changed (2 → 1): the dropped repeats' results leave evalc.lock, and an example joined the dataset (d1/e2): its results join evalc.lock, and a dataset file changed (its sha256; a field no step reads, e.g. human_score)";
    const out = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(out.stdout).toContain(`4 nodes      ${reason}\n`);
    const json = await spawnCliAsync(['plan', '--json'], { cwd: dir, env });
    const rows = (JSON.parse(json.stdout) as { rows: { kind: string; reason: string }[] }).rows;
    expect(rows).toEqual([expect.objectContaining({ kind: 'aggregate', reason })]);
    const calls = applied.agent.requests.length;
    expect((await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env })).code).toBe(0);
    expect(applied.agent.requests.length).toBe(calls);
    expect((await spawnCliAsync(['plan'], { cwd: dir, env })).stdout).toMatch(/^No changes\./);
  });

  it('reads "metrics t/m2, t/m3 left the plan" of two, "metric" of one', async () => {
    const file = path.join(dir, 'evalc.yaml');
    const plan = chatDatasetsPlan('qa247-plurals', ['c1'], ['d1', 'd2'], applied.agent.endpoint);
    const metric = (id: string) =>
      `      - { id: ${id}, type: exact_match, candidate: answer, expected: answer }\n`;
    writeFileSync(file, plan + metric('m2') + metric('m3'));
    expect((await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env })).code).toBe(0);
    writeFileSync(file, plan);
    expect((await spawnCliAsync(['plan'], { cwd: dir, env })).stdout).toContain(
      'metrics t/m2, t/m3 left the plan: their results leave evalc.lock',
    );
    writeFileSync(file, plan + metric('m2'));
    expect((await spawnCliAsync(['plan'], { cwd: dir, env })).stdout).toContain(
      'metric t/m3 left the plan: its results leave evalc.lock',
    );
  });
});
