/**
 * Regression (QA93 review of 417bcb6/20d8d10): on a terminal too short for one line per agent,
 * the agents summed up in the last line ('… 4 more agents: 12/120 done, in flight 0, errors 0')
 * did not say what a Ctrl-C left unsent, while each agent's own line says 'stopped (N not run)':
 * 108 of those 120 examples were never sent. The summary now says it too; an uninterrupted run's
 * summary is unchanged.
 */
import { describe, expect, it } from 'vitest';
import { createProgress } from '../../src/executor/progress.js';

function run(interrupted: boolean, cancelledOf: (agent: string) => number): string {
  const out: string[] = [];
  let clock = 0;
  const progress = createProgress(
    'tty',
    (t) => out.push(t),
    () => clock,
    () => ({ rows: 4, columns: 200 }),
  );
  const agents = ['a0', 'a1', 'a2', 'a3', 'a4', 'a5'];
  progress.start(Object.fromEntries(agents.map((a) => [a, 30])));
  for (const agent of agents) {
    for (let i = 0; i < 2; i++) {
      clock += 100;
      progress.step({ agent, id: `${agent}/e${i}`, cached: false });
    }
    for (let i = 2; i < 2 + cancelledOf(agent); i++)
      progress.step({
        agent,
        id: `${agent}/e${i}`,
        cached: false,
        error: { kind: 'cancelled', message: 'apply interrupted before this request' },
      });
  }
  progress.finish({ interrupted });
  // The last drawing: its last line is the summary.
  const lines = out.at(-1)!.trimEnd().split('\n');
  return lines.at(-1)!.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');
}

describe('the summed-up agents of a short terminal after a Ctrl-C', () => {
  it('say how many examples were not run', () => {
    expect(run(true, () => 0)).toBe(
      '… 4 more agents: 8/120 done, stopped (112 not run), in flight 0, errors 0',
    );
    expect(run(false, (a) => (a === 'a5' ? 28 : 0))).toContain(
      '8/120 done, stopped (28 not run), in flight 0',
    );
  });

  it('an uninterrupted run keeps its summary', () => {
    expect(run(false, () => 0)).toBe('… 4 more agents: 8/120 done, in flight 0, errors 0');
  });
});
