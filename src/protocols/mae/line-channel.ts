/**
 * Newline-delimited reading from a long-lived stream (a persistent agent's stdout or socket):
 * complete lines are queued, blank lines skipped, and `next()` waits for the next line, the end
 * of the stream, a timeout or an abort — whichever comes first. A pending text that is already
 * one whole JSON object (`{…}` that parses) counts as a line even before its newline arrives: an
 * agent that writes its reply without the trailing newline is answered at once instead of
 * timing out (the newline, if it comes later, is then just a blank line).
 *
 * A line that is just `{` starts a pretty-printed reply (Python's `json.dumps(obj, indent=2)`,
 * `JSON.stringify(obj, null, 2)`): the lines that follow are joined to it until a line `}`
 * completes one JSON object, which is then one reply (QA13: such an agent failed every example
 * `invalid_json: "{"`). Any other line is a reply on its own, as the seed document says.
 *
 * Text left unfinished when the stream ends (no newline, not a whole JSON document; or a
 * pretty-printed reply without its `}`) is a reply cut off by the close, not a reply: the event is
 * `closed` with that text as `cut` (QA163: a socket agent that closed in the middle of its reply, or
 * a local one that crashed writing it, was a definitive `invalid_json`, cached, where the same cut
 * over HTTP is a `transport_error` the next apply retries).
 */
import type { Readable } from 'node:stream';
import { parseBoundedJson } from '../bounded-json.js';
import { Utf8Text } from './utf8-text.js';

export type LineEvent =
  /** `notUtf8`: the line held bytes that are not UTF-8, read as U+FFFD (QA244): why it is no reply. */
  | { kind: 'line'; line: string; notUtf8?: string }
  | { kind: 'closed'; cut?: string }
  | { kind: 'timeout'; unfinished?: string }
  | { kind: 'cancelled' }
  | { kind: 'too_large'; maxChars: number };

export class LineChannel {
  readonly #maxLineChars: number;
  #partial = '';
  #lines: string[] = [];
  /** The lines of a pretty-printed reply read so far (from its `{` line), else undefined. */
  #pretty: string[] | undefined;
  #prettyChars = 0;
  #closed = false;
  /** What the stream held unfinished when it ended (see the file's comment). */
  #cut: string | undefined;
  #overflow = false;
  #wake: (() => void) | undefined;
  readonly #utf8: Utf8Text;

  constructor(stream: Readable, maxLineChars: number) {
    this.#maxLineChars = maxLineChars;
    const utf8 = new Utf8Text();
    this.#utf8 = utf8;
    stream.on('data', (chunk: Buffer | string) => this.#push(utf8.write(chunk)));
    stream.on('end', () => {
      const rest = utf8.end();
      if (rest !== '') this.#push(rest);
      this.markClosed();
    });
    stream.on('close', () => this.markClosed());
    stream.on('error', () => this.markClosed());
  }

  get closed(): boolean {
    return this.#closed;
  }

  /**
   * Whether a line is still being written (or one ran over the limit) with no request waiting
   * for it: output the agent wrote after its last reply. The next request must not take it for
   * its own reply — a 20 MB line written after a reply made the next example `response_too_large`
   * (QA50), cached as that innocent example's failure.
   */
  get busy(): boolean {
    return this.#overflow || this.#pretty !== undefined || this.#partial.trim() !== '';
  }

  /**
   * Called right after a reply line was taken: lets the event loop read what the agent wrote
   * with or just after that reply (two polls of the streams, then `SETTLE_MS`), then returns
   * and clears the lines that came after it. An agent that answers one request twice is caught
   * here, before its second answer can be read as the reply to the next request; an agent's
   * stderr written before its reply is read while its request is still the one in flight.
   * Polls alone missed a Python agent's second `print` on a loaded machine 2–3 times in 5
   * (QA13); with the 2 ms wait, 0 in 15 runs. It adds ~2 ms per turn of a persistent agent.
   */
  async settle(): Promise<string[]> {
    await nextTurn();
    await nextTurn();
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    return this.takeStale();
  }

  /** Lines that arrived while nobody was waiting (unsolicited output); clears them. */
  takeStale(): string[] {
    const stale = this.#lines;
    this.#lines = [];
    // bytes that were not UTF-8 in output no request took are not the next reply's
    for (const line of stale) this.#utf8.take(line);
    return stale;
  }

  markClosed(): void {
    if (this.#closed) return;
    this.#closed = true;
    const rest = this.#partial.trim();
    this.#partial = '';
    if (rest !== '') {
      if (this.#pretty === undefined && !parseBoundedJson(rest).ok) this.#cut = rest;
      else this.#complete(rest);
    }
    if (this.#pretty) this.#cut = this.#pretty.join('\n');
    this.#pretty = undefined;
    this.#notify();
  }

  async next(timeoutMs: number, signal: AbortSignal): Promise<LineEvent> {
    if (signal.aborted) return { kind: 'cancelled' };
    const ready = this.#take();
    if (ready) return ready;
    return new Promise<LineEvent>((resolve) => {
      const finish = (event: LineEvent) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        this.#wake = undefined;
        resolve(event);
      };
      const onAbort = () => finish({ kind: 'cancelled' });
      const timer = setTimeout(() => finish(this.#timeoutEvent()), timeoutMs);
      signal.addEventListener('abort', onAbort, { once: true });
      this.#wake = () => {
        const event = this.#take();
        if (event) finish(event);
      };
    });
  }

  /**
   * A timeout, with the text of a reply begun and left unfinished (no newline, not yet one whole
   * JSON object), so the message can say the agent wrote something: "raise limits.timeout" alone
   * misled about an agent that wrote half a line and stopped.
   */
  #timeoutEvent(): LineEvent {
    const unfinished = this.#pretty
      ? [...this.#pretty, this.#partial].join('\n').trim()
      : this.#partial.trim();
    return unfinished === '' ? { kind: 'timeout' } : { kind: 'timeout', unfinished };
  }

  #take(): LineEvent | undefined {
    if (this.#overflow) return { kind: 'too_large', maxChars: this.#maxLineChars };
    const line = this.#lines.shift();
    if (line !== undefined) {
      const notUtf8 = this.#utf8.take(line);
      return notUtf8 === undefined ? { kind: 'line', line } : { kind: 'line', line, notUtf8 };
    }
    if (this.#closed)
      return this.#cut === undefined ? { kind: 'closed' } : { kind: 'closed', cut: this.#cut };
    return undefined;
  }

  /**
   * Only the new chunk is searched for newlines, and the whole-object check runs only when the
   * chunk ends with `}`: re-splitting the pending text on every chunk made a 15 MB reply take
   * 2.1 s instead of 0.5 s (QA13).
   */
  #push(chunk: string): void {
    let start = 0;
    for (let newline = chunk.indexOf('\n'); newline >= 0; newline = chunk.indexOf('\n', start)) {
      const line = (this.#partial + chunk.slice(start, newline)).trim();
      this.#partial = '';
      // A line read whole in one chunk is held to the limit too: only a partial one was, so a
      // limits.maxResponseBytes under a pipe's 64 KiB chunk let such a reply through (QA324).
      if (line.length > this.#maxLineChars) {
        this.#overflow = true;
        this.#pretty = undefined;
      } else if (line !== '') this.#complete(line);
      start = newline + 1;
    }
    this.#partial += chunk.slice(start);
    if (this.#partial.length + this.#prettyChars > this.#maxLineChars) {
      this.#overflow = true;
      this.#partial = '';
      this.#pretty = undefined;
    } else if (
      chunk.trimEnd().endsWith('}') &&
      (isWholeJsonObject(this.#partial) || (this.#pretty !== undefined && this.#partial.trim() === '}'))
    ) {
      this.#complete(this.#partial.trim());
      this.#partial = '';
    }
    this.#notify();
  }

  /** A complete line: a reply, or part of a pretty-printed one. */
  #complete(line: string): void {
    if (this.#pretty === undefined) {
      if (line !== '{') return void this.#lines.push(line);
      this.#pretty = [];
      this.#prettyChars = 0;
    }
    this.#pretty.push(line);
    this.#prettyChars += line.length + 1;
    if (this.#prettyChars > this.#maxLineChars) {
      this.#overflow = true;
      this.#pretty = undefined;
      return;
    }
    if (line !== '}') return;
    const text = this.#pretty.join('\n');
    if (!parseBoundedJson(text).ok) return;
    this.#lines.push(text);
    this.#pretty = undefined;
    this.#prettyChars = 0;
  }

  #notify(): void {
    this.#wake?.();
  }
}

const SETTLE_MS = 2;

/**
 * A line over the limit on a process or connection that answered before may be output the agent
 * wrote after its previous reply (a debug dump that took a while to build), not this request's
 * reply: the request is sent once more on a fresh one, as a reused socket closed before any reply
 * is; only a second line over the limit is this example's `response_too_large` (QA50: the next
 * example failed, cached, for what the agent wrote after the previous one).
 */
export const TOO_LONG_REUSED =
  'a line over the reply limit on a process or connection that answered before may be output written after its previous reply';

/** What the run log says when a request finds the channel `busy`. */
export const STILL_WRITING =
  "the agent was still writing a line after its previous reply (or wrote one over the reply limit) when this request was due: that output is not this request's reply";

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function isWholeJsonObject(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') || !trimmed.endsWith('}')) return false;
  return parseBoundedJson(trimmed).ok; // the same reading as the reply's (Python's NaN included)
}
