/**
 * Regression (QA91): after a Ctrl-C, the examples it kept from being sent settle as `cancelled`,
 * or are never dispatched, and the progress line counted them as done: `bot 13/13 3.0/s done` for a run that sent 8 of 13
 * (`plan` then showed 5 to invoke). Or it showed an ETA (`5/13 1.3/s eta 7s`) for a run that had stopped. Both now say `stopped (N not run)`.
 */
import { describe, expect, it } from 'vitest';
import { createProgress } from '../../src/executor/progress.js';

describe('progress after an interrupt', () => {
  it('does not count the examples a Ctrl-C kept from running as done', () => {
    const out: string[] = [];
    let clock = 0;
    const progress = createProgress(
      'plain',
      (t) => out.push(t),
      () => clock,
    );
    progress.start({ bot: 5 });
    for (let i = 0; i < 2; i++) {
      clock += 500;
      progress.started?.({ agent: 'bot', id: `e${i}` });
      progress.settled?.({ agent: 'bot', id: `e${i}` });
      progress.step({ agent: 'bot', id: `e${i}`, cached: false });
    }
    for (let i = 2; i < 5; i++)
      progress.step({
        agent: 'bot',
        id: `e${i}`,
        cached: false,
        error: { kind: 'cancelled', message: 'apply interrupted before this request' },
      });
    progress.finish();
    const line = out.at(-1)!.trimEnd();
    expect(line).toMatch(
      /^bot\s+2\/5 {2}\S+\/s {2}stopped \(3 not run\) {2}errors 0 {2}cached 0 {2}in flight 0$/,
    );
  });

  it('says what an interrupted run left unsent, not an ETA', () => {
    const out: string[] = [];
    let clock = 0;
    const progress = createProgress(
      'plain',
      (t) => out.push(t),
      () => clock,
    );
    progress.start({ bot: 13 });
    for (let i = 0; i < 5; i++) {
      clock += 400;
      progress.step({ agent: 'bot', id: `e${i}`, cached: false });
    }
    progress.finish({ interrupted: true });
    expect(out.at(-1)!.trimEnd()).toMatch(/^bot\s+5\/13 {2}\S+\/s {2}stopped \(8 not run\) {2}errors 0/);
  });

  it('an uninterrupted run that ends short keeps its ETA wording', () => {
    const out: string[] = [];
    const progress = createProgress(
      'plain',
      (t) => out.push(t),
      () => 0,
    );
    progress.start({ bot: 3 });
    progress.step({ agent: 'bot', id: 'e0', cached: false });
    progress.finish();
    expect(out.at(-1)!).not.toContain('stopped');
  });
});
