/**
 * QA227: an example removed from d1 of a plan with three datasets, and nothing else, read
 * `~ aggregate … 5 nodes because an example left the dataset (d1/e2)`, and --json listed every
 * aggregate as changed, while apply rewrites three of them (d1's, the task's, the benchmark's: d2's
 * and d3's are the same figures). 3413aba counted such an edit beside steps that run precisely; alone
 * it is counted the same way now.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppliedChatPlan,
  lockAggregates as aggregates,
  applyChatPlan,
  chatDatasetsPlan,
  exampleLine as line,
  rerunAggregates,
} from '../fixtures/applied-chat-plan.js';
import { spawnCliAsync } from './run-cli.js';

let applied: AppliedChatPlan;
let dir: string;
const env = { CI: 'true' };

beforeAll(async () => {
  applied = await applyChatPlan(
    'evalc-qa227-edit-',
    (endpoint) => chatDatasetsPlan('qa227-edit', ['c1'], ['d1', 'd2', 'd3'], endpoint),
    {
      'd1.jsonl': line('e1', 'hi') + line('e2', 'ho'),
      'd2.jsonl': line('e1', 'yo'),
      'd3.jsonl': line('e1', 'ya'),
    },
  );
  dir = applied.dir;
});

afterAll(() => applied.close());

describe('plan: a dataset edit alone counts the aggregates apply rewrites (QA227)', () => {
  it('an example removed from d1 of three: 3 nodes, the ones whose figures change', async () => {
    writeFileSync(path.join(dir, 'd1.jsonl'), line('e1', 'hi'));
    const out = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(out.code).toBe(2);
    expect(out.stdout).toMatch(
      /~ aggregate +qa227-edit +3 nodes +because an example left the dataset \(d1\/e2\): its results leave evalc\.lock\n/,
    );
    const json = await spawnCliAsync(['plan', '--json'], { cwd: dir, env });
    const rerun = rerunAggregates(json.stdout);
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
