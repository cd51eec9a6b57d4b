/**
 * QA266: `run.seed` is refused outside 0 … 4294967295 (2³² − 1), at its line, with a hint, as
 * `evalc diff --seed` is (QA262). The bootstrap and sign-flip streams take the seed as 32 bits
 * (`seed >>> 0`, metrics/stats/prng.ts): 4294967303 = 2³² + 7 drew exactly as 7 while the lock
 * said 4294967303, −1 drew as 4294967295, and YAML reads 9007199254740993 (2⁵³ + 1) as …992.
 * All of them were accepted.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function diagnosticsFor(seed: string): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa266-'));
  dirs.push(dir);
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: b }
agents:
  a1: { protocol: http, url: "http://127.0.0.1:9/agent" }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi } } ] } }
run:
  seed: ${seed}
`,
  );
  const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  return result.diagnostics.map(
    (d) => `${d.source?.line}:${d.source?.col}: ${d.code}: ${d.message} | ${d.hint ?? ''}`,
  );
}

const RANGE = '10:9: EVALC_SCHEMA_INVALID: run.seed: expected a whole number from 0 to 4294967295';
const WHY = 'the bootstrap and sign-flip streams take the seed as 32 bits';
const WHAT = 'write one from 0 to 4294967295, e.g. seed: 7';

describe('run.seed range (QA266)', () => {
  it('refuses a seed past 2³² − 1, saying which seed it would have drawn as', async () => {
    expect(await diagnosticsFor('4294967303')).toEqual([
      `${RANGE} | ${WHY} (4294967303 would draw exactly as seed 7): ${WHAT}`,
    ]);
  });

  it('refuses a negative seed', async () => {
    expect(await diagnosticsFor('-1')).toEqual([
      `${RANGE} | ${WHY} (-1 would draw exactly as seed 4294967295): ${WHAT}`,
    ]);
  });

  it('refuses a seed past 2⁵³ with one error (YAML has already rounded it, so no "draws as")', async () => {
    expect(await diagnosticsFor('9007199254740993')).toEqual([`${RANGE} | ${WHY}: ${WHAT}`]);
    expect(await diagnosticsFor('1e20')).toEqual([`${RANGE} | ${WHY}: ${WHAT}`]);
  });

  it('takes 0 and 4294967295, and still tells a fraction to write a whole number', async () => {
    expect(await diagnosticsFor('0')).toEqual([]);
    expect(await diagnosticsFor('4294967295')).toEqual([]);
    expect(await diagnosticsFor('7.5')).toEqual([
      '10:9: EVALC_SCHEMA_TYPE: run.seed: expected a whole number, got number 7.5 | a whole number: seed: 8',
    ]);
  });
});
