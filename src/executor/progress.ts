/**
 * Progress of a run: a live per-agent display on a TTY, a plain line every few seconds
 * elsewhere (CI), NDJSON events with --json, nothing with --quiet.
 */

import { showControlChars } from '../lockfile/control-chars.js';
import type { StepError } from '../protocols/types.js';
import { clipId, fitLine } from './progress-fit.js';
import { createWaitNotices } from './progress-waits.js';

export interface ProgressSink {
  start(totals: Record<string, number>): void;
  /** A request to an agent was sent (an invoke not answered from the cache). */
  started?(event: { agent: string; id: string }): void;
  /** That request's reply (or failure) arrived: it is no longer in flight. */
  settled?(event: { agent: string; id: string }): void;
  step(event: {
    agent: string;
    id: string;
    cached: boolean;
    error?: StepError | undefined;
    durationMs?: number | undefined;
  }): void;
  /**
   * An extract or score step finished (--json: its event; tty and plain: its error). Steps
   * of an invoke that failed are not run and send nothing: the invoke's `step_failed` says why.
   */
  stage?(event: StageEvent): void;
  message(text: string): void;
  /** Runs of an agent a failed preflight held back: never sent, counted as not run (QA318). */
  held?(agent: string, runs: number): void;
  /**
   * apply waits for `what` before its first step (a served agent's readiness, a RAIP `/info`):
   * said after a few seconds (progress-waits.ts, QA171); the returned function ends the wait.
   */
  waitFor?(what: string): () => void;
  /** The run ended; `interrupted`: by a Ctrl-C (SIGTERM, SIGHUP), so what is left did not run. */
  finish(end?: { interrupted?: boolean }): void;
  /**
   * --json only: ends every request still in flight with a `step_failed` (`cancelled`), for an
   * apply that exits at once (a second Ctrl-C), so every `step_started` has its end (QA61).
   */
  dropInFlight?(again: string): void;
}

export interface StageEvent {
  agent: string;
  kind: 'extract' | 'score';
  id: string;
  /** The metric id of a score step. */
  metric?: string;
  cached: boolean;
  error?: StepError | undefined;
}

/** A plain (non-TTY, CI) progress block at most this often, and at least this often while the run lasts. */
const PLAIN_EVERY_MS = 5000;
/** A live display with no step finishing is redrawn this often (rate, ETA, in flight). */
const TTY_IDLE_MS = 1000;
const TICK_MS = 250;

interface AgentCounts {
  total: number;
  done: number;
  inFlight: number;
  cached: number;
  errors: number;
  /** Steps a Ctrl-C (SIGTERM, SIGHUP) kept from running or cut off, or a failed preflight held back: neither done nor failed (QA91, QA318). */
  cancelled: number;
  /** When this agent's first step started or finished (its rate counts from there). */
  firstAt?: number;
  /** When its last step finished (its rate stops there). */
  doneAt?: number;
}

/** Rows and columns of the terminal a live display draws on (stderr's, when it is one). */
export type TerminalSize = () => { rows: number; columns: number } | undefined;

const stderrSize: TerminalSize = () =>
  process.stderr.isTTY && process.stderr.rows > 0 && process.stderr.columns > 0
    ? { rows: process.stderr.rows, columns: process.stderr.columns }
    : undefined;

export function createProgress(
  mode: 'tty' | 'plain' | 'json' | 'quiet',
  write: (text: string) => void,
  now: () => number = () => performance.now(),
  terminal: TerminalSize = stderrSize,
): ProgressSink {
  const counts = new Map<string, AgentCounts>();
  const started = now();
  let lastPrint = started;
  let drawnLines = 0;
  let interrupted = false;
  /** Examples a Ctrl-C kept from running: settled `cancelled`, or never dispatched (QA91). */
  const notRunOf = (c: AgentCounts) => c.cancelled + (interrupted ? c.total - c.done - c.cancelled : 0);
  // The rate is the agent's own: from its first step (an agent whose process starts late, or
  // that waits for another's preflight, is not charged for the wait) to its last one (a finished
  // agent keeps the rate it ran at). What a narrow terminal cuts off comes last.
  const rateOf = (c: AgentCounts) => {
    const elapsed = ((c.doneAt ?? now()) - (c.firstAt ?? started)) / 1000;
    return elapsed > 0 ? (c.done - c.cached) / elapsed : 0;
  };
  const etaOf = (c: AgentCounts, rate: number) => {
    const left = c.total - c.done - c.cancelled;
    const notRun = notRunOf(c);
    return notRun > 0
      ? `stopped (${notRun} not run)`
      : left === 0
        ? 'done'
        : rate > 0
          ? `eta ${Math.ceil(left / rate)}s`
          : 'eta –';
  };
  const line = (agent: string, c: AgentCounts) => {
    const rate = rateOf(c);
    return `${agent.padEnd(12)} ${String(c.done).padStart(7)}/${c.total}  ${rate.toFixed(1)}/s  ${etaOf(c, rate)}  errors ${c.errors}  cached ${c.cached}  in flight ${c.inFlight}`;
  };
  /** An agent's line on a terminal too narrow for `line`: its count and eta/stopped first. */
  const narrowLine = (agent: string, c: AgentCounts, width: number) => {
    const full = line(agent, c);
    const eta = etaOf(c, rateOf(c));
    const notRun = notRunOf(c);
    const rest = [`errors ${c.errors}`, `in flight ${c.inFlight}`, `cached ${c.cached}`];
    const second = notRun > 0 ? `${notRun} not run` : eta;
    const tail = ` ${c.done}/${c.total}, ${second}`;
    return fitLine(
      full,
      [
        {
          parts: [`${agent.padEnd(12)} ${String(c.done).padStart(7)}/${c.total}`, eta, ...rest],
          essential: 2,
          separator: '  ',
        },
        {
          parts: [`${agent} ${c.done}/${c.total}`, second, ...rest],
          essential: 2,
          separator: ', ',
        },
        // A long agent id gives way to its count (QA109: cut at the width, the line kept the id alone),
        // cut where it reads unlike the other agents' ids (QA117).
        {
          parts: [`${clipId(agent, width - tail.length, [...counts.keys()])}${tail}`],
          essential: 1,
          separator: '',
        },
      ],
      width,
    );
  };
  const draw = () => {
    const lines = mode === 'tty' ? fitTerminal() : [...counts].map(([a, c]) => line(a, c));
    if (mode === 'tty') {
      write(`${drawnLines > 0 ? `\x1b[${drawnLines}A` : ''}${lines.map((l) => `\x1b[2K${l}`).join('\n')}\n`);
      drawnLines = lines.length;
    } else write(`${lines.join('\n')}\n`);
  };
  // A live display is redrawn by moving the cursor up over it: it must fit the terminal, or the
  // lines that wrapped or scrolled away are drawn again below the stale ones. Agents with work
  // left come first; the rest are summed up in one line; each line is cut to the width.
  const fitTerminal = (): string[] => {
    const size = terminal();
    const all = [...counts];
    if (!size) return all.map(([a, c]) => line(a, c));
    const room = Math.max(2, size.rows - 1);
    const width = Math.max(20, size.columns - 1);
    let shown = all;
    const summary: string[] = [];
    if (all.length > room) {
      const open = all.filter(([, c]) => c.done + c.cancelled < c.total);
      shown = [...open, ...all.filter(([, c]) => c.done + c.cancelled >= c.total)].slice(0, room - 1);
      const rest = all.filter((entry) => !shown.includes(entry));
      const sum = (f: (c: AgentCounts) => number) => rest.reduce((n, [, c]) => n + f(c), 0);
      // The agents summed up say what a Ctrl-C left unsent too, as their own lines would (QA93).
      const notRun = sum(notRunOf);
      const done = `${sum((c) => c.done)}/${sum((c) => c.total)}`;
      const tail = [`errors ${sum((c) => c.errors)}`, `in flight ${sum((c) => c.inFlight)}`];
      const stopped = notRun > 0 ? 2 : 1;
      summary.push(
        fitLine(
          `… ${rest.length} more agents: ${done} done${notRun > 0 ? `, stopped (${notRun} not run)` : ''}, in flight ${sum((c) => c.inFlight)}, errors ${sum((c) => c.errors)}`,
          [
            {
              parts: [
                `… ${rest.length} more agents: ${done} done`,
                notRun > 0 ? `stopped (${notRun} not run)` : '',
                ...tail,
              ],
              essential: stopped,
              separator: ', ',
            },
            {
              parts: [`… ${rest.length} more: ${done}`, notRun > 0 ? `${notRun} not run` : '', ...tail],
              essential: stopped,
              separator: ', ',
            },
          ],
          width,
        ),
      );
    }
    return [...shown.map(([a, c]) => narrowLine(a, c, width)), ...summary];
  };
  /** --json: the requests sent whose invoke has not ended yet, by step id. */
  const open = new Map<string, string>();
  // Steps finishing draw the display; the ticker also draws it while none finishes (a slow
  // agent, a long Retry-After), so a CI log shows a line every PLAIN_EVERY_MS regardless.
  let ticker: ReturnType<typeof setInterval> | undefined;
  const waits = createWaitNotices(mode, write, now, () => terminal()?.columns);
  const sink: ProgressSink = {
    waitFor: waits.waitFor,
    start(totals) {
      waits.erase();
      for (const [agent, total] of Object.entries(totals))
        counts.set(agent, { total, done: 0, inFlight: 0, cached: 0, errors: 0, cancelled: 0 });
      if (mode === 'json') write(`${JSON.stringify({ event: 'run_started', totals })}\n`);
      if ((mode === 'tty' || mode === 'plain') && ticker === undefined) {
        const every = mode === 'tty' ? TTY_IDLE_MS : PLAIN_EVERY_MS;
        ticker = setInterval(() => {
          const t = now();
          if (t - lastPrint < every) return;
          lastPrint = t;
          draw();
        }, TICK_MS);
        ticker.unref?.();
      }
    },
    started(event) {
      if (mode === 'json') open.set(event.id, event.agent);
      const c = counts.get(event.agent);
      if (c) {
        c.inFlight++;
        c.firstAt ??= now();
      }
      if (mode === 'json')
        write(
          `${JSON.stringify({ event: 'step_started', kind: 'invoke', agent: event.agent, id: event.id })}\n`,
        );
    },
    settled(event) {
      const c = counts.get(event.agent);
      if (c && c.inFlight > 0) c.inFlight--;
    },
    step(event) {
      const c = counts.get(event.agent);
      if (c) {
        c.firstAt ??= now();
        // An example a Ctrl-C kept from being sent did not fail, nor was it done: the line said
        // `13/13 done` with 5 examples never sent (QA91).
        if (event.error?.kind === 'cancelled') c.cancelled++;
        else {
          c.done++;
          if (event.cached) c.cached++;
          if (event.error) c.errors++;
        }
        if (c.done + c.cancelled >= c.total) c.doneAt = now();
      }
      if (mode === 'json') {
        // An example a Ctrl-C kept from being sent sends no event, as those never dispatched send
        // none (QA318: each one waiting for a slot, up to run.concurrency of them, was a
        // `step_failed` with no `step_started`, so a wrapper counted 28 failures in a run with none).
        if (event.error?.kind === 'cancelled' && !open.has(event.id)) return;
        open.delete(event.id);
        write(
          `${JSON.stringify({ event: event.error ? 'step_failed' : 'step_finished', kind: 'invoke', agent: event.agent, id: event.id, cached: event.cached, ...(event.durationMs === undefined ? {} : { durationMs: event.durationMs }), ...(event.error ? { error: { kind: event.error.kind, message: event.error.message } } : {}) })}\n`,
        );
        return;
      }
      if (mode === 'quiet') return;
      const t = now();
      if (mode === 'tty' && t - lastPrint > 100) {
        lastPrint = t;
        draw();
      } else if (mode === 'plain' && t - lastPrint > PLAIN_EVERY_MS) {
        lastPrint = t;
        draw();
      }
    },
    held(agent, runs) {
      const c = counts.get(agent);
      if (c) c.cancelled += runs;
    },
    message(text) {
      if (mode === 'json') write(`${JSON.stringify({ event: 'message', text })}\n`);
      else if (mode !== 'quiet') {
        // Messages quote agents and files; the writer may be the raw terminal (QA48).
        waits.erase();
        write(`${showControlChars(text)}\n`);
        drawnLines = 0;
      }
    },
    finish(end) {
      interrupted = end?.interrupted === true;
      if (ticker !== undefined) clearInterval(ticker);
      ticker = undefined;
      if (mode === 'tty' || mode === 'plain') draw();
      if (mode === 'json') write(`${JSON.stringify({ event: 'run_finished' })}\n`);
    },
  };
  // An extraction that failed is an error of its example as the summary counts it (QA35: the live
  // line said "errors 0" beside a summary of "1 error (extraction_failed 1)"), and so is a metric's
  // own failure, once per repeat (QA74: "errors 0" beside "6 errors (endpoint_not_found 6)").
  // A judge call a Ctrl-C kept from being sent failed nothing: its answer is cached and the next
  // apply asks the judge (QA239: an interrupted line read `errors 39` of a run with none).
  if (mode === 'tty' || mode === 'plain')
    sink.stage = (event) => {
      if (!event.error || event.error.kind === 'cancelled') return;
      const c = counts.get(event.agent);
      if (c) c.errors++;
    };
  if (mode === 'json')
    // `again` names the second signal, as stderr does (QA148: a second SIGTERM said "Ctrl-C again").
    sink.dropInFlight = (again) => {
      const error = {
        kind: 'cancelled',
        message: `apply exited at once (${again} again): the request in flight was dropped`,
      };
      for (const [id, agent] of open)
        write(
          `${JSON.stringify({ event: 'step_failed', kind: 'invoke', agent, id, cached: false, error })}\n`,
        );
      open.clear();
    };
  if (mode === 'json')
    sink.stage = (event) =>
      write(
        `${JSON.stringify({ event: event.error ? 'step_failed' : 'step_finished', kind: event.kind, agent: event.agent, id: event.id, ...(event.metric === undefined ? {} : { metric: event.metric }), cached: event.cached, ...(event.error ? { error: { kind: event.error.kind, message: event.error.message } } : {}) })}\n`,
      );
  return sink;
}
