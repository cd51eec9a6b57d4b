/**
 * QA243: `include: a.yaml,` (a trailing comma in the one-text form) was hinted `include: [a.yaml,]`,
 * its stray comma copied into the list to write, and `agents: a1,,a2` `[a1,,a2]`, which YAML refuses.
 * The hint writes the items trimmed, the empty ones dropped.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from '../compiler/plan-helpers.js';

describe('a list written as comma-separated text', () => {
  it('hints the list without the stray commas', async () => {
    const dir = writeFiles({
      'evalc.yaml': `evalc: 1
benchmark: { id: l }
include: shared.yaml,
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
  a2: { protocol: raip, url: http://127.0.0.1:7102 }
tasks:
  t:
    agents: a1,,a2
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
    datasets: { d: { examples: [ { id: x1, vars: { q: hi } } ] } }
`,
      'shared.yaml': 'metrics: [ { type: pass_rate } ]\n',
    });
    const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
      cwd: dir,
      offline: true,
      cacheDir: path.join(dir, 'c'),
    });
    const hints = r.diagnostics.filter((d) => d.code === 'EVALC_SCHEMA_TYPE').map((d) => d.hint);
    expect(hints).toEqual([
      'write a list, even of one item: include: [shared.yaml]',
      'write a list, even of one item: agents: [a1, a2]',
    ]);
  });
});
