/**
 * QA227: an agent renamed, then `plan --only t/d1`, read '… and 2 groups left the plan (c1/t/d1,
 * c1/t/d2): their results leave evalc.lock' (65df607's wording, and before it the same when no step
 * ran): t/d2 is outside the selection, and apply --only writes .evalc/evalc.only.lock, never
 * evalc.lock. Under --only the selection's groups alone are named, with the lock apply --only writes.
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

const plan = (agent: string, endpoint: string) =>
  chatDatasetsPlan('qa227-only-gone', [agent], ['d1', 'd2'], endpoint);

let applied: AppliedChatPlan;
let dir: string;
const env = { CI: 'true' };

beforeAll(async () => {
  applied = await applyChatPlan('evalc-qa227-only-gone-', (endpoint) => plan('c1', endpoint), {
    'd1.jsonl': line('e1', 'hi'),
    'd2.jsonl': line('e1', 'yo'),
  });
  dir = applied.dir;
  writeFileSync(path.join(dir, 'evalc.yaml'), plan('c2', applied.agent.endpoint));
});

afterAll(() => applied.close());

describe('plan --only: the groups that left the plan, of the selection alone (QA227)', () => {
  it('names the selection’s group and the lock apply --only writes', async () => {
    const out = await spawnCliAsync(['plan', '--only', 't/d1'], { cwd: dir, env });
    expect(out.code).toBe(2);
    expect(out.stdout).toMatch(
      /~ aggregate +qa227-only-gone +3 nodes +because scores changed, and 1 group left the plan \(c1\/t\/d1\): its results are not in \.evalc\/evalc\.only\.lock, the lock apply --only writes\n/,
    );
  });

  it('without --only still names every group and evalc.lock', async () => {
    const out = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(out.stdout).toMatch(
      /because scores changed, and 2 groups left the plan \(c1\/t\/d1, c1\/t\/d2\): their results leave evalc\.lock\n/,
    );
  });
});
