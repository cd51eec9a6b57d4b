/**
 * A dataset whose `examples:` (or `source:`) has an error of its own is not also "neither source:
 * nor examples:" (QA161: `examples: { id: 1 }`, a mapping for a list, read both errors). A dataset
 * that truly has neither still is told so.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

async function errors(dataset: string) {
  const dir = writeFiles({
    'evalc.yaml': `evalc: 1
benchmark: { id: e }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
    datasets: { d: ${dataset} }
`,
  });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    offline: true,
    cacheDir: path.join(dir, 'c'),
  });
  return r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code);
}

describe('a dataset whose rows have an error of their own', () => {
  it('is that error alone', async () => {
    expect(await errors('{ examples: { id: 1 } }')).toEqual(['EVALC_SCHEMA_TYPE']);
    expect(await errors('{ source: 12 }')).toEqual(['EVALC_SCHEMA_TYPE']);
  });

  it('a dataset with neither is still told so', async () => {
    expect(await errors('{ weight: 2 }')).toEqual(['EVALC_DATASET_EMPTY']);
  });
});
