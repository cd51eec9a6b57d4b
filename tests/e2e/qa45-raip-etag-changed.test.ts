/**
 * RAIP (shared/protocols/raip.md 4.2): "a changed ETag with unchanged digest ⇒ warning only".
 * The agent's `/info` answers a new ETag for the same input schema (a redeploy): the results are
 * kept and nothing is invoked, as before — but `plan` notes the change and `apply` warns, where
 * both said nothing (the lock kept the old ETag in silence; QA45). plan's note says how to pin the
 * new ETag, as apply's warning does (QA155: it said only that the results are kept).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { qa4DatasetPlan } from '../fixtures/qa4-dataset-plan.js';
import { QA4_SCHEMA, startQa4RaipAgent } from '../fixtures/qa4-raip-seed-agent.mjs';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
beforeAll(() => assertBuilt());

describe('a RAIP agent whose ETag changed with the same schema (QA45)', () => {
  it('is noted by plan and warned by apply; nothing is re-invoked', async () => {
    const agent = await startQa4RaipAgent();
    const { dir, cleanup } = tempWorkspace('qa45-etag');
    cleanups.push(() => agent.close(), cleanup);
    writeFileSync(
      path.join(dir, 'd.jsonl'),
      ['x1', 'x2'].map((q) => JSON.stringify({ id: q, vars: { q }, expected: { a: `A:${q}` } })).join('\n'),
    );
    const plan = qa4DatasetPlan('qa45-etag', agent.url);
    writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
    const first = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(first.code, first.stderr).toBe(0);
    const lockBytes = readFileSync(path.join(dir, 'evalc.lock'), 'utf8');
    expect(lockBytes).toContain('"etag": "\\"qa4-v1\\""');

    agent.publish(QA4_SCHEMA, '"qa4-v2"');
    const invokesBefore = agent.requests.filter((r) => r.path === '/invoke').length;

    const planned = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(planned.code, planned.stderr).toBe(0);
    expect(planned.stderr).toContain('note: agent a1: ETag "qa4-v1" → "qa4-v2"');
    expect(planned.stderr).toContain(
      '(`evalc apply evalc.yaml --update-lock` pins the new one, calling no agent)',
    );

    const second = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain('warning: agent a1: ETag changed since evalc.lock ("qa4-v1" → "qa4-v2")');
    expect(agent.requests.filter((r) => r.path === '/invoke').length).toBe(invokesBefore);
    expect(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')).toBe(lockBytes);
  });
});
