/**
 * A served agent's output (agent-process.ts): appended to its log file with secrets masked, and
 * its last lines kept for error messages. A log that cannot be written is said once and dropped.
 */
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Readable } from 'node:stream';
import { BASE64_RUN_LINE, BASE64_RUN_START, HELD_RUN_CHARS } from '../plan/secret-base64.js';
import { scrubSecrets } from '../plan/secrets.js';
import { summarizeOutput } from '../protocols/mae/output-summary.js';
import { codePointCut } from '../protocols/quote-cut.js';

const TAIL_LINES = 40;
const SPILL_CHARS = 64 * 1024;
/** A held run is written this long after it began at the latest: a dump comes in one burst. */
const HELD_MS = 1_000;

/** Reads a served process's stdout or stderr into its log, keeping its last lines for messages. */
export class OutputTail {
  #tail: string[] = [];
  /**
   * Each stream's run of base64 lines not yet written (`attach`), and its line not ended yet, as a
   * terminal shows it, unmasked (`lines()` masks them).
   */
  readonly #pending = new Map<string[], () => string>();
  /** Each stream's end, until it has run (`end()`). */
  readonly #ends = new Set<() => void>();
  /** Characters of an unfinished line held back when it is spilled: a secret may start there. */
  readonly #carry: number;

  constructor(private readonly secrets: readonly string[]) {
    this.#carry = Math.max(0, ...secrets.map((secret) => secret.length - 1));
  }

  attach(
    stream: Readable | null | undefined,
    log: NodeJS.WritableStream,
    onLine: (line: string) => void,
  ): void {
    if (!stream) return;
    let partial = '';
    // A run of base64 lines (a wrapped dump) is held and masked as one text, so a secret's
    // spelling split at a line end is found (scrubWrappedSecrets; QA290: masked line by line, it
    // stood in the log and in a failure's 'output:'). Its lines are seen (ready.line) as they come.
    const held: string[] = [];
    let heldChars = 0;
    let heldTimer: NodeJS.Timeout | undefined;
    const release = () => {
      clearTimeout(heldTimer);
      if (held.length === 0) return;
      const clean = scrubSecrets(held.join('\n'), this.secrets);
      held.length = 0;
      heldChars = 0;
      log.write(`${clean}\n`);
      for (const line of clean.split('\n')) this.#add(line);
    };
    const line = (raw: string) => {
      const holding = held.length > 0 && BASE64_RUN_LINE.test(raw) && heldChars < HELD_RUN_CHARS;
      if (!holding) release();
      if (holding || BASE64_RUN_START.test(raw)) {
        // Not kept from the log while the agent runs on: silent after a dump (hung on a request), or
        // printing a bare id or hash a line, a run that never ended (QA298: 'ids' every 300 ms, none
        // written until it was stopped; a dump then silence, 30 s; a killed evalc lost them).
        if (held.length === 0) heldTimer = setTimeout(release, HELD_MS).unref();
        held.push(raw);
        heldChars += raw.length;
        this.#add(scrubSecrets(raw, this.secrets), onLine, false);
        return;
      }
      const clean = scrubSecrets(raw, this.secrets);
      log.write(`${clean}\n`);
      this.#add(clean, onLine);
    };
    let unended = '';
    this.#pending.set(held, () => unended);
    stream.setEncoding('utf8');
    // Whole lines go to the log, scrubbed: a secret split across two chunks is still caught.
    // A line that grows past SPILL_CHARS without a newline (a progress bar's `\r` updates) is
    // written out as it comes, so reading stays linear (re-splitting everything read so far on
    // every chunk made a served agent's 22 MB of tqdm output take minutes, QA13).
    stream.on('data', (chunk: string) => {
      const parts = chunk.split('\n');
      partial += parts[0] ?? '';
      for (let i = 1; i < parts.length; i++) {
        line(partial);
        partial = parts[i] ?? '';
      }
      // A ready line it has not ended (`process.stdout.write('ready')`, Python's `print(…, end='')`)
      // is seen as it stands (QA298: 'not ready within 5000 ms' of an agent that had said it),
      // before a spill cuts it (QA304: after a `\r` progress bar, `\rREADY\r`, it was never seen).
      unended = partial === '' ? '' : shown(partial);
      if (unended !== '') onLine(unended);
      if (partial.length > SPILL_CHARS) {
        release();
        const clean = scrubSecrets(partial, this.secrets);
        // A progress bar's text from its last `\r` on (up to 1 KiB) is kept too, so a ready line
        // the spill falls in is read whole with the next chunk (QA304: `\rREA` | `DY\r` was not).
        const cr = clean.lastIndexOf('\r');
        const cut = Math.min(
          clean.length - this.#carry,
          cr >= 0 && cr >= clean.length - 1024 ? cr : clean.length,
        );
        log.write(clean.slice(0, cut));
        partial = clean.slice(cut);
      }
    });
    const end = () => {
      if (!this.#ends.delete(end)) return;
      if (partial !== '') {
        // The process stopped in this line (no end of line): it ends in a `…` where it stopped,
        // so the head of a secret it stopped in is masked as a cut one is, and it ends the log's
        // line, so the other stream's last words do not run on after it (QA236: a served agent
        // that died printing its key left `sk-QA236-SECRE` in its log and the failure message).
        const stopped = partial.endsWith('\r') ? partial : `${partial}…`;
        if (held.length > 0 && BASE64_RUN_LINE.test(partial)) held.push(stopped);
        else {
          release();
          const clean = scrubSecrets(stopped, this.secrets);
          log.write(`${clean}\n`);
          this.#add(clean, onLine);
        }
      }
      release();
      this.#pending.delete(held);
      partial = '';
      unended = '';
    };
    this.#ends.add(end);
    stream.on('end', end);
    // destroyed (`stop()` of a process outside the group holding the pipes): its log is closed
    stream.on('close', () => clearTimeout(heldTimer));
  }

  /**
   * What the streams not ended still hold, an unended line or a held run, written as their end
   * would: `stop()` lets go of pipes a process outside the group holds open, and they never end
   * (QA298: a served agent's last words, and a run of base64 lines, were lost from its log).
   */
  end(): void {
    for (const end of [...this.#ends]) end();
  }

  lines(): string[] {
    const pending: string[] = [];
    for (const [held, unended] of this.#pending) {
      // and the line it is in the middle of, ending in a `…` as the log will (QA304: a ready line
      // not ended that did not match said 'it wrote no output'), masked with the run of base64
      // lines it continues, as its end writes it (QA311: a key's spelling split between the run's
      // last line and this one was masked in neither, and quoted decodable in 'not ready … output:')
      const line = unended();
      const texts: string[] = [];
      if (held.length > 0 && BASE64_RUN_LINE.test(line)) texts.push([...held, `${line}…`].join('\n'));
      else {
        if (held.length > 0) texts.push(held.join('\n'));
        if (line.trim() !== '') texts.push(`${line}…`);
      }
      for (const text of texts)
        for (const each of scrubSecrets(text, this.secrets).split('\n')) {
          const shown = each.replace(/\r$/, '');
          if (shown.trim() !== '') pending.push(codePointCut(shown, 500));
        }
    }
    return [...this.#tail, ...pending].slice(-TAIL_LINES);
  }

  /** The error line and the last two lines (`summarizeOutput`). */
  suffix(): string {
    const last = summarizeOutput(this.lines());
    return last === '' ? '' : `; output: ${last}`;
  }

  #add(raw: string, onLine?: (line: string) => void, keep = true): void {
    const line = shown(raw);
    onLine?.(line);
    if (!keep || line.trim() === '') return;
    this.#tail.push(codePointCut(line, 500));
    if (this.#tail.length > TAIL_LINES) this.#tail.shift();
  }
}

/** A line as a terminal shows it: a `\r` inside it starts it over. */
function shown(raw: string): string {
  const whole = raw.replace(/\r$/, '');
  return whole.slice(whole.lastIndexOf('\r') + 1);
}

/**
 * The served process's log, appended to. A folder that cannot be written (a read-only checkout,
 * a full disk) is said once and the log is dropped: its 'error' event was unhandled, and plan and
 * apply died with a stack trace (QA26 P5).
 */
export function openLog(file: string, onFailure: (code: string) => void): NodeJS.WritableStream {
  let told = false;
  const tell = (err: unknown) => {
    if (told) return;
    told = true;
    onFailure(String((err as NodeJS.ErrnoException)?.code ?? err));
  };
  try {
    mkdirSync(dirname(file), { recursive: true });
  } catch (err) {
    tell(err);
  }
  const log = createWriteStream(file, { flags: 'a' });
  log.on('error', tell);
  return log;
}

export function closeLog(log: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve) => {
    if ((log as { closed?: boolean }).closed || (log as { writableEnded?: boolean }).writableEnded)
      return resolve();
    log.end(() => resolve());
  });
}
