/**
 * A dataset url whose format evalc cannot tell (no `.jsonl`, `.csv`, … before its query) is said as
 * evalc.lock records it: EVALC_DATASET_FORMAT quoted it as written, `?sig=…` and `user:password@`
 * in the open (QA211), where every other dataset message reads `?sig=***` (QA160). No fetch is made.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

const plan = (source: string) => `evalc: 1
benchmark: { id: ds, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings:
      default:
        input: { q: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
      web: { source: "${source}" }
`;

it.each([
  ['https://h/data?sig=SigOld1234&x=1', 'https://h/data?sig=***&x=1', 'SigOld1234'],
  ['https://h/data?token=AbCd;EfGh1234', 'https://h/data?token=***', 'EfGh1234'],
  ['https://user:Passw0rd99@h/data', 'https://h/data', 'Passw0rd99'],
])('%s is said as %s', async (source, shown, secret) => {
  const dir = writeFiles({ 'evalc.yaml': plan(source) });
  const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  const format = result.diagnostics.find((d) => d.code === 'EVALC_DATASET_FORMAT');
  expect(format?.message).toBe(`cannot tell the format of ${shown}`);
  expect(JSON.stringify(result.diagnostics)).not.toContain(secret);
});
