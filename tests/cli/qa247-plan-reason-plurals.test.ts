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
  applyChatPlan,
  chatDatasetsPlan,
  exampleLine as line,
} from '../fixtures/applied-chat-plan.js';
import { spawnCliAsync } from './run-cli.js';

let applied: AppliedChatPlan;
let dir: string;
const env = { CI: 'true' };

beforeAll(async () => {
  applied = await applyChatPlan(
    'evalc-qa247-plurals-',
    (endpoint) => chatDatasetsPlan('qa247-plurals', ['c1'], ['d1', 'd2'], endpoint),
    { 'd1.jsonl': line('e1', 'hi'), 'd2.jsonl': line('e1', 'yo') },
  );
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
});
