/**
 * The number a quoted-number hint writes is checked first (QA166): `concurrency: "0"`, `"1.5"` and
 * `retries: "-1"` were told `concurrency: 0`, `concurrency: 1.5`, `retries: -1`, each refused in turn
 * at the next run. A count not whole is rounded; a number still refused says why; one that fits is
 * told as before (QA161).
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from '../compiler/plan-helpers.js';

async function hints(limits: string): Promise<string[]> {
  const dir = writeFiles({
    'evalc.yaml': `evalc: 1
benchmark: { id: n }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101, limits: ${limits} }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
    datasets: { d: { examples: [ { id: x1, vars: { q: hi } } ] } }
`,
  });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    offline: true,
    cacheDir: path.join(dir, 'c'),
  });
  return r.diagnostics.filter((d) => d.severity === 'error').map((d) => String(d.hint));
}

it('writes a number that validates, or says why none is', async () => {
  expect(await hints('{ concurrency: "4", retries: "2" }')).toEqual([
    'write the number without quotes: concurrency: 4',
    'write the number without quotes: retries: 2',
  ]);
  expect(await hints('{ concurrency: "1.5" }')).toEqual(['write the number without quotes: concurrency: 2']);
  const refused = await hints('{ concurrency: "0", retries: "-1" }');
  expect(refused).toHaveLength(2);
  expect(refused[0]).toMatch(
    /^write a number without quotes \(0 is refused there too: expected number to be >0\)$/,
  );
  expect(refused[1]).toMatch(
    /^write a number without quotes \(-1 is refused there too: expected number to be >=?0\)$/,
  );
  expect(await hints('{ concurrency: 2, retries: 2 }')).toEqual([]);
  // A percentage where no share goes is no fraction (QA172: 'a share is a fraction: rps: 0.5').
  expect(await hints('{ rps: 50%, concurrency: 100% }')).toEqual([
    'write a number without quotes (a percentage is text in YAML)',
    'write a number without quotes (a percentage is text in YAML)',
  ]);
});

it('tells a percentage where a fraction goes the fraction', async () => {
  const dir = writeFiles({
    'evalc.yaml': `evalc: 1
benchmark: { id: n }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
    datasets: { d: { examples: [ { id: x1, vars: { q: hi }, expected: { a: hi } } ] } }
    metrics: [ { type: contains, candidate: a, expected: a, threshold: 60% } ]
gates:
  - { metric: contains, regression: { max_drop: 2% } }
`,
  });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    offline: true,
    cacheDir: path.join(dir, 'c'),
  });
  expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.hint)).toEqual([
    'a share is a fraction: threshold: 0.6 (for 60%)',
    'a share is a fraction: max_drop: 0.02 (for 2%)',
  ]);
});
