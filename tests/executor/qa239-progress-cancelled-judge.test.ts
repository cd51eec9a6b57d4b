/**
 * Regression (QA239): after a first Ctrl-C, the judge calls waiting for a slot are not sent and
 * settle as `cancelled` (their answers are cached; the next apply asks the judge). The live line
 * counted each as an error: `r1 224/600 … stopped (376 not run)  errors 39` for a run whose every
 * reply was fine, and whose resumed run recorded 0 errors.
 */
import { describe, expect, it } from 'vitest';
import { createProgress } from '../../src/executor/progress.js';

describe('progress after an interrupt, judge calls not sent', () => {
  it('does not count a judge call a Ctrl-C kept from being sent as an error', () => {
    const out: string[] = [];
    const progress = createProgress(
      'plain',
      (t) => out.push(t),
      () => 0,
    );
    progress.start({ r1: 3 });
    for (let i = 0; i < 2; i++) {
      progress.step({ agent: 'r1', id: `e${i}`, cached: false });
      progress.stage?.({
        agent: 'r1',
        kind: 'score',
        id: `e${i}`,
        cached: false,
        error: { kind: 'cancelled', message: 'apply interrupted before this judge call' },
      });
    }
    progress.stage?.({
      agent: 'r1',
      kind: 'score',
      id: 'e1',
      cached: false,
      error: { kind: 'judge_error', message: 'malformed judge result' },
    });
    progress.finish({ interrupted: true });
    expect(out.at(-1)!.trimEnd()).toMatch(
      /^r1\s+2\/3 {2}\S+\/s {2}stopped \(1 not run\) {2}errors 1 {2}cached 0/,
    );
  });
});
