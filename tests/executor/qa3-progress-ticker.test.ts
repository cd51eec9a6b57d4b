/**
 * Progress without a TTY (or with CI=true) prints a plain block every few seconds for as long
 * as the run lasts, even while no step finishes (a slow agent, a long Retry-After wait); the
 * block stops at the end of the run.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgress } from '../../src/executor/progress.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A progress sink on the fake clock, with what it writes. */
function capture(mode: Parameters<typeof createProgress>[0]) {
  const out: string[] = [];
  const progress = createProgress(
    mode,
    (text) => out.push(text),
    () => Date.now(),
  );
  return { out, progress };
}

describe('plain progress', () => {
  it('prints a block every 5 s while no step finishes, and nothing after finish', () => {
    const { out, progress } = capture('plain');
    progress.start({ a1: 3 });
    progress.started?.({ agent: 'a1', id: 'a1/t1/d1/e1#0' });
    vi.advanceTimersByTime(4000);
    expect(out).toEqual([]);
    vi.advanceTimersByTime(1500);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^a1\s+0\/3 .*in flight 1/);
    vi.advanceTimersByTime(5000);
    expect(out).toHaveLength(2);
    progress.step({ agent: 'a1', id: 'a1/t1/d1/e1#0', cached: false });
    progress.finish();
    expect(out).toHaveLength(3);
    expect(out[2]).toMatch(/^a1\s+1\/3 /);
    vi.advanceTimersByTime(20_000);
    expect(out).toHaveLength(3);
  });

  it('redraws a live TTY display once a second while no step finishes', () => {
    const { out, progress } = capture('tty');
    progress.start({ a1: 2 });
    vi.advanceTimersByTime(3100);
    expect(out.length).toBeGreaterThanOrEqual(2);
    progress.finish();
    const drawn = out.length;
    vi.advanceTimersByTime(5000);
    expect(out).toHaveLength(drawn);
  });

  it('counts a request in flight from its sending to its reply, not to the end of its example', () => {
    const { out, progress } = capture('plain');
    progress.start({ a1: 3 });
    progress.started?.({ agent: 'a1', id: 'e1' });
    progress.started?.({ agent: 'a1', id: 'e2' });
    progress.settled?.({ agent: 'a1', id: 'e1' });
    // e1's slot went to e3 while e1 is still being scored: two requests in flight, not three.
    progress.started?.({ agent: 'a1', id: 'e3' });
    vi.advanceTimersByTime(5_500);
    expect(out.at(-1)).toMatch(/^a1\s+0\/3 .*in flight 2$/m);
    progress.step({ agent: 'a1', id: 'e1', cached: false });
    progress.finish();
    expect(out.at(-1)).toMatch(/^a1\s+1\/3 .*in flight 2$/m);
  });

  it('prints nothing on a timer with --quiet or --json', () => {
    for (const mode of ['quiet', 'json'] as const) {
      const { out, progress } = capture(mode);
      progress.start({ a1: 2 });
      const before = out.length;
      vi.advanceTimersByTime(20_000);
      expect(out).toHaveLength(before);
      progress.finish();
    }
  });
});
