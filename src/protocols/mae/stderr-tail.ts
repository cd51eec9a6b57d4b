/**
 * Splits an agent's stderr into lines, forwards each to the current log, and keeps the last
 * few lines for error messages (`process_crashed` carries the tail). Lines are cut to
 * `MAX_LINE_CHARS`; a `\r` inside a line overwrites it as on a terminal (progress bars).
 */
import type { Readable } from 'node:stream';
import { BASE64_RUN_LINE, BASE64_RUN_START, HELD_RUN_CHARS } from '../../plan/secret-base64.js';
import { scrubSecrets } from '../../plan/secrets.js';
import { codePointCut } from '../quote-cut.js';
import { summarizeOutput } from './output-summary.js';

const KEEP_LINES = 40;
const MAX_LINE_CHARS = 500;
/** Characters read past the cut: room for a secret that starts before it. */
const KEPT_PAST_CUT = 1024;
/**
 * Characters of stderr one agent call forwards to its log (run.log), then one line saying the rest
 * is not logged: run.log keeps the run's first 16 MiB (run-log.ts), and one call dumping 20 MB filled
 * it, leaving every later example's lines and the run's warnings out (QA338's leftover, QA350).
 */
export const STDERR_LOGGED_CHARS = 1024 * 1024;

/**
 * What each log (one agent call's: the step's, the same function on every turn of its action loop)
 * has been given, shared by the tails of its turns: a per-turn agent starts a process, and so a
 * tail, each turn, and a persistent one's log is set again each turn; counted per tail, a call of
 * 4 turns logged 4 MiB and 8 such at concurrency 8 filled run.log again (QA358).
 */
const loggedBy = new WeakMap<(line: string) => void, { chars: number; cut: boolean }>();

export class StderrTail {
  #partial = '';
  #tail: string[] = [];
  /** A run of base64 lines not yet emitted (`release`; `BASE64_RUN_START`), and its size. */
  readonly #held: string[] = [];
  #heldChars = 0;
  #log: (line: string) => void = () => undefined;
  /** Characters forwarded to the current log (one agent call's, over its turns), and whether the rest is cut. */
  #logged = { chars: 0, cut: false };

  /** Where complete lines go; the owner points it at the invocation in flight (a held run goes to the last). */
  get log(): (line: string) => void {
    return this.#log;
  }

  set log(log: (line: string) => void) {
    this.release();
    this.#log = log;
    let logged = loggedBy.get(log);
    if (!logged) {
      logged = { chars: 0, cut: false };
      loggedBy.set(log, logged);
    }
    this.#logged = logged;
  }

  /**
   * The run's secrets, masked in each line before it is cut to `MAX_LINE_CHARS`: cut first, a
   * secret the cut ran through kept its head in the open, masked nowhere (QA100).
   */
  readonly #secrets: readonly string[];

  constructor(stream: Readable | null | undefined, secrets: readonly string[] = []) {
    this.#secrets = secrets;
    if (!stream) return;
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => this.#push(chunk));
    stream.on('end', () => this.flush());
  }

  lines(): string[] {
    return [...this.#tail];
  }

  /** The last error-looking line (if any) and the last two lines, joined for a one-line message. */
  summary(): string {
    return summarizeOutput(this.#tail);
  }

  /**
   * The line the agent stopped in (its stderr ended, or it crashed) without an end of line: it
   * ends in a `…` where it stopped, so the head of a secret it stopped in is masked as a cut one
   * is (QA236: `loading key sk-QA236-SECRET` of a token stood in the cache, run.log and reports).
   */
  flush(): void {
    const stopped = this.#partial;
    this.#partial = '';
    const line = stopped.endsWith('\r') ? stopped : `${stopped}…`;
    const ends = this.#held.length > 0 && BASE64_RUN_LINE.test(stopped);
    if (ends) this.#held.push(line); // masked with the run it stopped in
    this.release();
    if (!ends && stopped.trim() !== '') this.#emit(line);
  }

  /** Emits the run of base64 lines held, masked as one text (a secret's spelling split at a line end). */
  release(): void {
    if (this.#held.length === 0) return;
    const text = scrubSecrets(this.#held.join('\n'), this.#secrets);
    this.#held.length = 0;
    this.#heldChars = 0;
    for (const line of text.split('\n')) this.#keep(codePointCut(line.replace(/\r$/, ''), MAX_LINE_CHARS));
  }

  #endLine(): void {
    const raw = this.#partial;
    this.#partial = '';
    const holding = this.#held.length > 0 && BASE64_RUN_LINE.test(raw) && this.#heldChars < HELD_RUN_CHARS;
    if (!holding) this.release();
    if (holding || BASE64_RUN_START.test(raw)) {
      this.#held.push(raw);
      this.#heldChars += raw.length;
    } else if (raw.trim() !== '') this.#emit(raw);
  }

  #push(chunk: string): void {
    const parts = chunk.split('\n');
    this.#append(parts[0] ?? '');
    for (let i = 1; i < parts.length; i++) {
      this.#endLine();
      this.#append(parts[i] ?? '');
    }
  }

  /**
   * Adds text to the line being read, as a terminal shows it: a carriage return followed by
   * more text starts the line over (a progress bar's `\r` updates keep only the latest), and
   * only the first `MAX_LINE_CHARS` are kept (`KEPT_PAST_CUT` more until the line is masked). The
   * pending line therefore stays short, so a
   * stream with no newline at all (tqdm writing megabytes of `\r` updates) costs linear time
   * instead of re-scanning everything read so far on every chunk (QA13: 22 MB per request took
   * 49 s and 850 MB).
   */
  #append(text: string): void {
    let line = this.#partial + text;
    const cr = line.lastIndexOf('\r', line.length - 2);
    if (cr >= 0) line = line.slice(cr + 1);
    // Kept beyond MAX_LINE_CHARS by KEPT_PAST_CUT, so a secret the cut runs through is whole when masked.
    this.#partial =
      line.length > MAX_LINE_CHARS + KEPT_PAST_CUT ? line.slice(0, MAX_LINE_CHARS + KEPT_PAST_CUT) : line;
  }

  #emit(raw: string): void {
    this.#keep(codePointCut(scrubSecrets(raw.replace(/\r$/, ''), this.#secrets), MAX_LINE_CHARS));
  }

  #keep(line: string): void {
    this.#tail.push(line);
    if (this.#tail.length > KEEP_LINES) this.#tail.shift();
    const logged = this.#logged;
    if (logged.cut) return;
    if (logged.chars + line.length > STDERR_LOGGED_CHARS) {
      logged.cut = true;
      this.#log(
        `… the rest of this agent call's stderr is not logged: run.log keeps the first ${STDERR_LOGGED_CHARS / (1024 * 1024)} MiB of each call's (its last ${KEEP_LINES} lines still go to a crash's message)`,
      );
      return;
    }
    logged.chars += line.length + 1;
    this.#log(line);
  }
}
