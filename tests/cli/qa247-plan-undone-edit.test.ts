/**
 * QA247: an example's `q` edited in d1.jsonl, applied, then the edit undone: its first answer is
 * cached, the lock records the second. `evalc plan` read '4 nodes because a dataset file changed
 * (its sha256; a field no step reads, e.g. human_score)', though `q` is the field the invoke reads.
 * It reads as the cached run the lock does not record now, with a field edited in d2 beside it.
 */
import { writeFileSync } from 'node:fs';
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

beforeAll(async () => {
  applied = await applyTwoDatasetChatPlan('qa247-undone');
  ({ dir } = applied);
  writeFileSync(path.join(dir, 'd1.jsonl'), line('e1', 'ha'));
  expect((await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env })).code).toBe(0);
  writeFileSync(path.join(dir, 'd1.jsonl'), line('e1', 'hi'));
});

afterAll(() => applied.close());

describe('plan: an edit of a field a step reads, undone (QA247)', () => {
  it('reads as the cached run evalc.lock does not record, not as a field no step reads', async () => {
    const out = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(out.stdout).toContain(`4 nodes      ${unrecorded}\n`);
    writeFileSync(path.join(dir, 'd2.jsonl'), line('e1', 'yo', { human_score: 1 }));
    const reason = `${unrecorded}, and a dataset file changed (its sha256; a field no step reads, e.g. human_score)`;
    const json = await spawnCliAsync(['plan', '--json'], { cwd: dir, env });
    const rows = (JSON.parse(json.stdout) as { rows: { kind: string; reason: string }[] }).rows;
    expect(rows).toEqual([expect.objectContaining({ kind: 'aggregate', reason })]);
    const calls = applied.agent.requests.length;
    expect((await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env })).code).toBe(0);
    expect(applied.agent.requests.length).toBe(calls);
    expect((await spawnCliAsync(['plan'], { cwd: dir, env })).stdout).toMatch(/^No changes\./);
  });
});
