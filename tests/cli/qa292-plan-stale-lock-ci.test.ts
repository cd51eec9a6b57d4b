/**
 * QA292: a pull request's second CI run. The branch edited its plan (any edit: a template, a
 * description) and a field the invoke reads in one example of d1, and kept main's evalc.lock; the
 * first run cached the new answer. `evalc plan` read '… because evalc.lock does not record 1 cached
 * example (…): apply records it, calling no agent, and a dataset file changed (its sha256; a field
 * no step reads, e.g. human_score)', though `q` is the field the invoke reads and its run is the
 * cached one named (QA247 fixed this when the plan itself was unchanged). A field no step reads
 * edited in another dataset is still said after it.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppliedChatPlan,
  applyTwoDatasetChatPlan,
  exampleLine as line,
} from '../fixtures/applied-chat-plan.js';
import { spawnCliAsync } from './run-cli.js';

let applied: AppliedChatPlan;
let dir: string;
const env = { CI: 'true' };
const unrecorded =
  'because evalc.lock does not record 1 cached example (from an `apply --only`, an earlier run whose lock was not kept, as in pull request CI, an apply before an edit was undone, or another plan on a shared cache): apply records it, calling no agent';
const fieldEdit = 'a dataset file changed (its sha256; a field no step reads, e.g. human_score)';

beforeAll(async () => {
  applied = await applyTwoDatasetChatPlan('qa292-stale-lock');
  ({ dir } = applied);
  copyFileSync(path.join(dir, 'evalc.lock'), path.join(dir, 'main.lock'));
  const plan = path.join(dir, 'evalc.yaml');
  writeFileSync(
    plan,
    readFileSync(plan, 'utf8').replace('version: 1.0.0 }', 'version: 1.0.0, description: "pr" }'),
  );
  writeFileSync(path.join(dir, 'd1.jsonl'), line('e1', 'ha'));
  expect((await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env })).code).toBe(0);
  copyFileSync(path.join(dir, 'main.lock'), path.join(dir, 'evalc.lock'));
});

afterAll(() => applied.close());

describe('plan: an edited plan and example, cached by an earlier run, beside an older evalc.lock (QA292)', () => {
  it('reads as the cached run evalc.lock does not record, not as a field no step reads', async () => {
    const out = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(out.code).toBe(2);
    expect(out.stdout).toContain(`4 nodes      ${unrecorded}\n`);
    writeFileSync(path.join(dir, 'd2.jsonl'), line('e1', 'yo', { human_score: 1 }));
    const json = await spawnCliAsync(['plan', '--json'], { cwd: dir, env });
    const rows = (JSON.parse(json.stdout) as { rows: { kind: string; reason: string }[] }).rows;
    expect(rows).toEqual([
      expect.objectContaining({ kind: 'aggregate', reason: `${unrecorded}, and ${fieldEdit}` }),
    ]);
    const calls = applied.agent.requests.length;
    expect((await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env })).code).toBe(0);
    expect(applied.agent.requests.length).toBe(calls);
    expect((await spawnCliAsync(['plan'], { cwd: dir, env })).stdout).toMatch(/^No changes\./);
  });
});
