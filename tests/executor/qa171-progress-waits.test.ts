/**
 * QA171: what apply waits for before its first step is said after 3 s. On a terminal, one status
 * line redrawn in place and erased when the wait ends or a message is printed; without one
 * (`CI=true`), a line then one every 5 s; with --json one message event; with --quiet nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgress } from '../../src/executor/progress.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function progressOf(mode: 'tty' | 'plain' | 'json' | 'quiet', columns = 200) {
  let out = '';
  const progress = createProgress(
    mode,
    (text) => {
      out += text;
    },
    () => Date.now(),
    () => ({ rows: 24, columns }),
  );
  return { progress, out: () => out };
}

const WHAT = 'agent a1 to answer GET http://127.0.0.1:7101/info (limits.timeout 60s)';

describe('waiting notices (QA171)', () => {
  it('tty: nothing for 3 s, then a status line redrawn in place each second, erased at the end', () => {
    const { progress, out } = progressOf('tty');
    const done = progress.waitFor?.(WHAT);
    vi.advanceTimersByTime(2_900);
    expect(out()).toBe('');
    vi.advanceTimersByTime(200);
    expect(out()).toBe(`\r\x1b[2Kevalc: waiting 3 s for ${WHAT}; Ctrl-C cancels`);
    vi.advanceTimersByTime(1_000);
    expect(out()).toMatch(/\r\x1b\[2Kevalc: waiting 4 s for agent a1 .*; Ctrl-C cancels$/);
    done?.();
    expect(out().endsWith('\r\x1b[2K')).toBe(true);
    const length = out().length;
    vi.advanceTimersByTime(5_000);
    expect(out().length).toBe(length);
  });

  it('tty: a message erases the status line first, and it comes back below it', () => {
    const { progress, out } = progressOf('tty');
    const done = progress.waitFor?.(WHAT);
    vi.advanceTimersByTime(3_100);
    progress.message('evalc: warning: something');
    expect(out()).toContain('Ctrl-C cancels\r\x1b[2Kevalc: warning: something\n');
    vi.advanceTimersByTime(1_000);
    expect(out()).toMatch(/something\n\r\x1b\[2Kevalc: waiting 3 s for .*\r\x1b\[2Kevalc: waiting 4 s for /);
    done?.();
  });

  it('tty: two waits in one line, cut to the terminal width', () => {
    const { progress, out } = progressOf('tty', 60);
    const a = progress.waitFor?.('agent a1 to be ready (serve.ready.timeout 15s)');
    const b = progress.waitFor?.('agent a2 to be ready (serve.ready.timeout 15s)');
    vi.advanceTimersByTime(3_100);
    const line = out().split('\r\x1b[2K').pop() ?? '';
    expect(line).toMatch(/^evalc: waiting 3 s for agent a1 to be ready \(serve\.ready\.t?…$/);
    expect(line.length).toBe(59);
    a?.();
    b?.();
  });

  it('plain (CI): a line after 3 s, another every 5 s, no escapes', () => {
    const { progress, out } = progressOf('plain');
    const done = progress.waitFor?.(WHAT);
    vi.advanceTimersByTime(12_000);
    done?.();
    expect(out()).toBe(
      `evalc: waiting 3 s for ${WHAT}; Ctrl-C cancels\nevalc: still waiting 8 s for ${WHAT}; Ctrl-C cancels\n`,
    );
  });

  it('a wait that ends within 3 s says nothing', () => {
    for (const mode of ['tty', 'plain', 'json'] as const) {
      const { progress, out } = progressOf(mode);
      const done = progress.waitFor?.(WHAT);
      vi.advanceTimersByTime(2_500);
      done?.();
      vi.advanceTimersByTime(10_000);
      expect(out()).toBe('');
    }
  });

  it('json: one message event; quiet: nothing', () => {
    const json = progressOf('json');
    const end = json.progress.waitFor?.(WHAT);
    vi.advanceTimersByTime(12_000);
    end?.();
    expect(json.out()).toBe(
      `${JSON.stringify({ event: 'message', text: `evalc: waiting 3 s for ${WHAT}; Ctrl-C cancels` })}\n`,
    );
    const quiet = progressOf('quiet');
    quiet.progress.waitFor?.(WHAT);
    vi.advanceTimersByTime(12_000);
    expect(quiet.out()).toBe('');
  });
});
