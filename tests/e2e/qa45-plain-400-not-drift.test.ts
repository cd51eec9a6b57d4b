/**
 * RAIP R8 flags schema drift when an agent refuses schema-fitting inputs with 400 `ajvErrors`.
 * A 400 that carries no `ajvErrors` (a gateway's or an auth check's "missing X-Api-Key header")
 * is the example's `contract_error` as before, but says nothing about the agent's schema: it no
 * longer counts toward the drift flag, whose warning told the user the agent validates against
 * another schema than it publishes (QA45).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { qa4DatasetPlan } from '../fixtures/qa4-dataset-plan.js';
import { startQa4RaipAgent } from '../fixtures/qa4-raip-seed-agent.mjs';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
beforeAll(() => assertBuilt());

async function applyQueries(queries: string[]) {
  const agent = await startQa4RaipAgent();
  const { dir, cleanup } = tempWorkspace('qa45-plain-400');
  cleanups.push(() => agent.close(), cleanup);
  writeFileSync(
    path.join(dir, 'd.jsonl'),
    queries.map((q, i) => JSON.stringify({ id: `x${i}`, vars: { q }, expected: { a: `A:${q}` } })).join('\n'),
  );
  const plan = qa4DatasetPlan('qa45-plain-400', agent.url, {
    run: { repeats: 1, seed: 7, concurrency: 1, preflight: 2 },
  });
  writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
  const run = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: dir, timeoutMs: 30_000 });
  const result = run.stdout
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .find((e) => e.event === 'result');
  return { run, result };
}

describe('a 400 without ajvErrors is not schema drift (RAIP R8)', () => {
  it('records contract_error on each such example without flagging drift', async () => {
    const { run, result } = await applyQueries(['ok1', 'ok2', 'p400a', 'p400b', 'p400c', 'p400d']);
    expect(result?.errorKinds).toEqual({ contract_error: 4 });
    expect(result?.schemaDrift).toBeUndefined();
    expect(run.stdout + run.stderr).not.toContain('schema drift');
  });

  it('still flags 400s that carry ajvErrors', async () => {
    const { result } = await applyQueries(['ok1', 'ok2', 'e400', 'e400', 'e400', 'ok3']);
    expect(result?.errorKinds).toEqual({ contract_error: 3 });
    expect(result?.schemaDrift).toEqual([{ agent: 'a1', refused: 3, answered: 6 }]);
  });
});
