/**
 * invalid_action_rate (DESIGN §4 action validity; RAIP paper Table 2 "Invalid action rate") counts
 * the invalid action that ended a `mae` conversation (an unknown action: `unknown_action`,
 * README-mae "invalidActions += 1"). Against the real stdio fixture agent (mae-stdio-agent.mjs).
 *
 * Hand-computed (QA98), rate = invalid / max(turns, tool calls, invalid):
 * - e1 `final:ok`: 1 turn, 0 invalid → 0 (score 1);
 * - e2 `tool:lookup` where the example declares only `other`: an undeclared tool is an invalid
 *   action, then the relayed text is echoed as the answer: 2 turns, 1 invalid → 0.5 (score 0.5);
 * - e3 `dance`: 1 turn, an unknown action (1 invalid) ends it, the example fails → 1 (score 0);
 * - e4 `loop`: a valid `noop` call every turn until maxTurns (3) ends it, failed → 0 (score 0).
 * value mean = (0 + 0.5 + 1 + 0) / 4 = 0.375 over n = 4; score mean = (1 + 0.5 + 0 + 0) / 4 = 0.375.
 * Before: e3 and e4 had no value, so the rate was (0 + 0.5) / 2 = 0.25 over n = 2 — the
 * conversation that failed on an invalid action was left out of the invalid action rate.
 * A second apply reads e3's failure from the cache and writes the same lockfile.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, lockResults, runCli, tempWorkspace } from './apply-harness.js';
import { MAE_STDIO_AGENT, maeLocalPlanYaml } from './mae-local-plan.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});
beforeAll(() => assertBuilt());

interface Figure {
  mean: number;
  n: number;
  value?: { mean: number; n: number };
}

describe('invalid_action_rate of a failed mae conversation (QA98)', () => {
  it('counts the unknown action that ended the conversation', async () => {
    const ws = tempWorkspace('qa98-invalid-action');
    cleanups.push(ws.cleanup);
    writeFileSync(
      path.join(ws.dir, 'd.jsonl'),
      [
        { id: 'e1', vars: { task: 'final:ok' } },
        { id: 'e2', vars: { task: 'tool:lookup' }, tools: { other: { output: 1 } } },
        { id: 'e3', vars: { task: 'dance' } },
        { id: 'e4', vars: { task: 'loop' } },
      ]
        .map((e) => `${JSON.stringify(e)}\n`)
        .join(''),
    );
    writeFileSync(
      path.join(ws.dir, 'evalc.yaml'),
      maeLocalPlanYaml('qa98-invalid', MAE_STDIO_AGENT, 'maxTurns: 3,'),
    );
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir });
    expect(run.code, run.stderr).toBe(0);
    const rows = lockResults(ws.dir);
    expect(rows.map((r) => r.errors?.[0] ?? null)).toEqual([
      null,
      null,
      'unknown_action',
      'max_turns_exceeded',
    ]);
    const figures = rows.map((r) => {
      const m = r.metrics.invalid_action_rate as { score: number | null; value?: number };
      return [m.score, m.value];
    });
    expect(figures).toEqual([
      [1, 0],
      [0.5, 0.5],
      [0, 1],
      [0, 0],
    ]);
    const lock = readFileSync(path.join(ws.dir, 'evalc.lock'), 'utf8');
    const figure = (JSON.parse(lock) as { aggregates: { benchmark: { m: Record<string, Figure> } } })
      .aggregates.benchmark.m.invalid_action_rate;
    expect(figure).toMatchObject({ mean: 0.375, n: 4, value: { mean: 0.375, n: 4 } });

    const again = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir });
    expect(again.code, again.stderr).toBe(0);
    expect(readFileSync(path.join(ws.dir, 'evalc.lock'), 'utf8')).toBe(lock);
  });
});
