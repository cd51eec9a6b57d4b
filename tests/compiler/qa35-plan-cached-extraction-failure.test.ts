/**
 * QA35: with no lockfile (or a lock of another run) but a warm cache, an example whose cached
 * extraction failed had its scores planned as "+ score … new", although apply scores nothing
 * after a failed extraction: `plan` said "1 to score" and exit 2, then apply scored nothing.
 * The cached extract entry itself says it failed; plan reads it only for such missing scores.
 */
import { describe, expect, it } from 'vitest';
import { type CacheView, planRun } from '../../src/compiler/plan-run.js';
import { compileFiles, datasetPlanYaml } from './plan-helpers.js';

const PLAN = {
  'evalc.yaml': datasetPlanYaml('data.jsonl', ['{ type: contains, candidate: answer, expected: answer }']),
  'data.jsonl':
    '{"id":"ok","vars":{"q":"a"},"expected":{"answer":"a"}}\n{"id":"bad","vars":{"q":"b"},"expected":{"answer":"b"}}\n',
};

/** A cache holding every invoke and extract (the `bad` extraction failed) and no score. */
function cacheOf(keys: Map<string, string>, extractOk: (id: string) => boolean): CacheView {
  const entries = new Map<string, unknown>();
  for (const [id, key] of keys) {
    if (id.startsWith('invoke/')) entries.set(key, { output: {} });
    if (id.startsWith('extract/'))
      entries.set(
        key,
        extractOk(id)
          ? { ok: true, values: { answer: 'x' } }
          : { ok: false, error: { kind: 'extraction_failed' } },
      );
  }
  return {
    has: (key) => entries.has(key),
    kindOf: (key) => (entries.has(key) ? 'invoke' : undefined),
    get: (key) => entries.get(key),
  };
}

describe('plan without a lock, over a cache whose extraction failed', () => {
  it('skips the scores apply will not run and still plans the others', async () => {
    const compiled = await compileFiles(PLAN);
    const empty = planRun(compiled, { has: () => false }, undefined, { listSteps: true });
    const keys = new Map((empty.steps ?? []).filter((s) => s.key).map((s) => [s.id, s.key as string]));
    const cache = cacheOf(keys, (id) => !id.includes('/bad#'));
    const plan = planRun(compiled, cache, undefined, { listSteps: true });
    const bad = plan.steps?.find((s) => s.id === 'score/a1/t/d/bad#0/contains');
    expect(bad).toMatchObject({ status: 'skipped', reason: 'its extraction failed' });
    const ok = plan.steps?.find((s) => s.id === 'score/a1/t/d/ok#0/contains');
    expect(ok?.status).toBe('new');
    expect(plan.counts.score).toEqual({ run: 1, cached: 0 });
  });

  it('plans the score when the cached extraction succeeded', async () => {
    const compiled = await compileFiles(PLAN);
    const empty = planRun(compiled, { has: () => false }, undefined, { listSteps: true });
    const keys = new Map((empty.steps ?? []).filter((s) => s.key).map((s) => [s.id, s.key as string]));
    const plan = planRun(
      compiled,
      cacheOf(keys, () => true),
      undefined,
      { listSteps: true },
    );
    expect(plan.counts.score).toEqual({ run: 2, cached: 0 });
  });
});
