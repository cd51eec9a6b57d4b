/**
 * QA221: a pull request removes an example from one dataset and adds one to another. `evalc plan`
 * read `~ aggregate … 3 nodes   because scores changed`: the dataset that lost an example was left
 * out of the aggregates that re-run (apply rewrites them: their `n` and means change), and the
 * removal went unsaid, while a removal alone reads "an example left the dataset (d1/e2)".
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppliedChatPlan,
  applyTwoDatasetChatPlan,
  exampleLine as line,
  rerunAggregates,
} from '../fixtures/applied-chat-plan.js';
import { spawnCliAsync } from './run-cli.js';

let applied: AppliedChatPlan;
let dir: string;
const env = { CI: 'true' };

beforeAll(async () => {
  applied = await applyTwoDatasetChatPlan('qa221-moved', {
    'd1.jsonl': line('e1', 'hi') + line('e2', 'ho'),
    'd2.jsonl': line('e1', 'yo'),
  });
  dir = applied.dir;
});

afterAll(() => applied.close());

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
    const rerun = rerunAggregates(json.stdout);
    expect(rerun.sort()).toEqual([
      'aggregate/benchmark',
      'aggregate/c1/t/d1',
      'aggregate/c1/t/d2',
      'aggregate/task/t',
    ]);
  });
});
