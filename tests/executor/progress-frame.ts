/**
 * The last frame a tty progress display draws, for the narrow-terminal tests (QA106, QA109,
 * QA110): one string a line, ANSI codes removed.
 */
import { createProgress } from '../../src/executor/progress.js';

/**
 * Starts a progress display of `totals` (agent → examples) on a `rows`×`columns` terminal, has each
 * agent, in order, complete `steps` examples 10 ms apart, finishes it, and returns its last frame.
 */
export function lastProgressFrame(
  totals: Record<string, number>,
  steps: number,
  screen: { rows: number; columns: number },
  interrupted: boolean,
): string[] {
  const out: string[] = [];
  let clock = 0;
  const progress = createProgress(
    'tty',
    (t) => out.push(t),
    () => clock,
    () => screen,
  );
  progress.start(totals);
  for (const agent of Object.keys(totals))
    for (let i = 0; i < steps; i++) {
      clock += 10;
      progress.step({ agent, id: `${agent}/e${i}`, cached: false });
    }
  progress.finish({ interrupted });
  return out
    .at(-1)!
    .trimEnd()
    .split('\n')
    .map((l) => l.replace(/\x1b\[[0-9;]*[A-Za-z]/g, ''));
}
