/**
 * Regression (QA): a seed-profile local agent that answers one request and exits 0 raced evalc's
 * persistent process: the next turn was written before the exit was seen and failed
 * `process_crashed: local agent exited with code 0 before replying` (5 of 6 examples in a
 * black-box run). A reused process that exits cleanly without replying now gets the request
 * resent once to a fresh process. Real subprocesses (tests/fixtures/qa-mae-one-shot-agent.mjs).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { finalAnswer, maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';

const dir = mkdtempSync(join(tmpdir(), 'qa-one-shot-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('mae seed local agent that exits after every reply', () => {
  it('completes every two-turn conversation with a fresh process per turn', async () => {
    const log = join(dir, 'requests.log');
    const adapter = makeMaeAdapter(
      { transport: 'local', command: 'node qa-mae-one-shot-agent.mjs', profile: 'seed' },
      { timeoutMs: 10_000, env: { QA_ONE_SHOT_LOG: log } },
    );
    try {
      const answers: (string | null)[] = [];
      for (const task of ['t1', 't2', 't3']) {
        const outcome = await adapter.invoke(task, maeContext());
        answers.push(outcome.ok ? finalAnswer(outcome) : `${outcome.error.kind}: ${outcome.error.message}`);
      }
      expect(answers).toEqual(['done at turn 2', 'done at turn 2', 'done at turn 2']);
    } finally {
      await adapter.close();
    }
    const seen = readFileSync(log, 'utf8')
      .split('\n')
      .filter((line) => line !== '');
    expect(seen.filter((text) => text.startsWith('t'))).toEqual(['t1', 't2', 't3']);
    expect(seen).toHaveLength(6);
  });
});
