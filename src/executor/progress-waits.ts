/**
 * What apply is waiting for before its first step — a served agent's readiness (`ready.url`,
 * `ready.line`, its port), a RAIP agent's `/info` —, said once it has waited WAIT_NOTICE_MS
 * (QA171: an `/info` or `ready.url` that accepted the connection and never answered held apply
 * silent until its timeout, 4 × 60 s for an `/info` with the default limits).
 *
 * - tty: one status line, redrawn in place every second (`evalc: waiting 7 s for agent a1 to
 *   answer GET …/info (limits.timeout 60 s); Ctrl-C cancels`), erased when the wait ends or a
 *   message is printed (the progress sink erases it first);
 * - plain (no TTY, `CI=true`): a line when the wait passes WAIT_NOTICE_MS, and again every
 *   PLAIN_WAIT_EVERY_MS while it lasts;
 * - json: one `message` event per wait; quiet: nothing.
 */

const WAIT_NOTICE_MS = 3_000;
const PLAIN_WAIT_EVERY_MS = 5_000;
const TICK_MS = 250;

interface Wait {
  what: string;
  since: number;
  saidAt?: number;
}

interface WaitNotices {
  /** Starts waiting for `what` ("agent a1 to answer GET …/info"); the returned function ends it. */
  waitFor(what: string): () => void;
  /** tty: erases the status line, if one is drawn, so a message or the live display starts clean. */
  erase(): void;
}

export function createWaitNotices(
  mode: 'tty' | 'plain' | 'json' | 'quiet',
  write: (text: string) => void,
  now: () => number,
  /** The terminal's columns (tty): the status line is cut to fit, as it is redrawn with `\r`. */
  columns: () => number | undefined,
): WaitNotices {
  const waits = new Set<Wait>();
  let drawn = '';
  let timer: ReturnType<typeof setInterval> | undefined;
  const seconds = (w: Wait, t: number) => Math.floor((t - w.since) / 1000);
  const erase = () => {
    if (!drawn) return;
    write('\r\x1b[2K');
    drawn = '';
  };
  const tick = () => {
    const t = now();
    const due = [...waits].filter((w) => t - w.since >= WAIT_NOTICE_MS);
    if (mode === 'tty') {
      if (due.length === 0) return erase();
      const oldest = Math.max(...due.map((w) => seconds(w, t)));
      const text = `evalc: waiting ${oldest} s for ${due.map((w) => w.what).join('; ')}; Ctrl-C cancels`;
      const width = Math.max(20, (columns() ?? Number.POSITIVE_INFINITY) - 1);
      const line = text.length > width ? `${text.slice(0, width - 1)}…` : text;
      if (line !== drawn) write(`\r\x1b[2K${line}`);
      drawn = line;
      return;
    }
    for (const w of due) {
      if (w.saidAt !== undefined && (mode === 'json' || t - w.saidAt < PLAIN_WAIT_EVERY_MS)) continue;
      const text = `evalc: ${w.saidAt === undefined ? 'waiting' : 'still waiting'} ${seconds(w, t)} s for ${w.what}; Ctrl-C cancels`;
      w.saidAt = t;
      write(mode === 'json' ? `${JSON.stringify({ event: 'message', text })}\n` : `${text}\n`);
    }
  };
  return {
    waitFor(what) {
      if (mode === 'quiet') return () => {};
      const wait: Wait = { what, since: now() };
      waits.add(wait);
      if (timer === undefined) {
        timer = setInterval(tick, TICK_MS);
        timer.unref?.();
      }
      return () => {
        if (!waits.delete(wait)) return;
        if (waits.size > 0) return;
        clearInterval(timer);
        timer = undefined;
        erase();
      };
    },
    erase,
  };
}
