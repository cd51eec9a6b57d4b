/**
 * QA64: DESIGN §2's plan as written (2 examples; mae agent a3 bound to `output.answer`) said
 * "preflight: the first 2 examples all failed (extraction_failed); the rest of a3's batch was not
 * sent" — there was no rest: the preflight was the whole batch. It now says that nothing else was
 * held back; a batch with more examples still says the rest was not sent.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCountingAgent } from '../fixtures/apply-counting-agent.mjs';
import {
  assertBuilt,
  countingExamples,
  runCli,
  tempWorkspace,
  writeDataset,
  writePlan,
} from './apply-harness.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});
beforeAll(() => assertBuilt());

describe('a failed preflight that was the whole batch (QA64)', () => {
  it('does not claim a rest of the batch was held back', async () => {
    const broken = await startCountingAgent({ faults: { seed: 1, rates: { '422': 1 } } });
    try {
      for (const [n, said] of [
        [2, /preflight: the first 2 examples all failed \(semantic_mismatch\); they were a1's whole batch/],
        [
          4,
          /preflight: the first 3 examples all failed \(semantic_mismatch\); the rest of a1's batch was not sent/,
        ],
      ] as const) {
        const ws = tempWorkspace('qa64-preflight');
        cleanups.push(ws.cleanup);
        writeDataset(ws.dir, 'd1.jsonl', countingExamples(n));
        writePlan(ws.dir, { agentUrl: broken.url, run: { preflight: 3 } });
        const run = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir });
        expect(run.code, run.stderr).toBe(1);
        expect(run.stderr).toMatch(said);
      }
    } finally {
      await broken.close();
    }
  });
});
