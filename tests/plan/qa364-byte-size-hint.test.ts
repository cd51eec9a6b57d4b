/**
 * QA364: a byte limit written with a unit (`maxResponseBytes: "16MiB"`, `maxInputBytes: 64 KB`) read
 * `expected number, got the string "16MiB"` with no hint; it is told the integer now (KiB/MiB/GiB
 * powers of 1024, KB/MB/GB of 1000 with the binary figure beside), checked against the limit's bounds.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from '../compiler/plan-helpers.js';

async function errors(agentLimits: string, judgeLimits = '{ timeout: 10s }') {
  const dir = writeFiles({
    'evalc.yaml': `evalc: 1
benchmark: { id: n }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101, limits: ${agentLimits} }
judges:
  oj: { protocol: openai, url: http://127.0.0.1:7102/v1, model: m, limits: ${judgeLimits} }
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
  return r.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.message, d.hint]);
}

it('tells the integer for a binary unit, and both for a decimal one', async () => {
  expect(await errors('{ maxResponseBytes: "16MiB" }', '{ maxInputBytes: 64 KB }')).toEqual([
    [
      'agents.a1.limits.maxResponseBytes: expected number, got the string "16MiB"',
      'write the bytes as an integer: maxResponseBytes: 16777216 (16MiB)',
    ],
    [
      'judges.oj.limits.maxInputBytes: expected number, got the string "64 KB"',
      'write the bytes as an integer: maxInputBytes: 64000 (64 KB), or 65536 for 64 KiB',
    ],
  ]);
  expect((await errors('{ maxResponseBytes: 1.5 gib }'))[0]?.[1]).toBe(
    'the bytes are an integer, and 1.5 gib = 1610612736 is refused there too: expected number to be <=536870912',
  );
  expect((await errors('{ maxResponseBytes: 2mb }'))[0]?.[1]).toBe(
    'write the bytes as an integer: maxResponseBytes: 2000000 (2mb), or 2097152 for 2 MiB',
  );
  // a unit only where bytes go: a count's text is not told bytes
  expect(await errors('{ concurrency: 16MiB }')).toEqual([
    ['agents.a1.limits.concurrency: expected number, got the string "16MiB"', undefined],
  ]);
});
