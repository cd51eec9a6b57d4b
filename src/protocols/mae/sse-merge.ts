/**
 * AgentV's SSE merge rule (mae.md §1.3, `sse_http_adapter` at HEAD), line by line:
 *
 * - each line is trimmed; only lines starting with `data:` count (`event:`, `id:`, comments and
 *   blank lines are ignored; multi-line events are not joined — every `data:` line stands alone);
 *   one leniency (QA24, beyond AgentV): an event whose `data:` lines are not each JSON but, joined
 *   with `\n` as the SSE specification joins them, form one JSON object is that object — what
 *   sse-starlette sends for `json.dumps(obj, indent=2)` (it writes one `data:` line per line of
 *   the text); AgentV reads such a stream as text and fails it. Only a stream that would have
 *   failed changes; `joinedEvents` counts them (the transport adds a compatibility warning);
 * - the data text (trimmed) `[DONE]` ends the stream;
 * - data that parses as a JSON object is shallow-merged into the result (later keys win), and its
 *   `content`, if present, is appended to the accumulated text (Python `str()`: a string as is,
 *   anything else in its repr);
 * - data that parses as another JSON value is appended as Python `str()` of it; data that is not
 *   JSON is appended as text;
 * - at the end: no object arrived but text did → `{"content": <text>, "status": "completed"}`;
 *   an object with `content` gets the whole accumulated text as `content`; otherwise the merged
 *   object as is (possibly `{}`).
 */

import { parseBoundedJson } from '../bounded-json.js';
import { firstUnsafeInteger } from '../unsafe-integer.js';
import { isRecord } from './action.js';
import { formatPythonRepr } from './python-format.js';

export type SseLineResult = 'continue' | 'done';

export class SseMerger {
  /** Null prototype: a `__proto__` key in agent JSON stays an ordinary key. */
  readonly #merged: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  #text = '';
  /** The data of the event being read (its `data:` lines so far). */
  #event: string[] = [];
  #joinedEvents = 0;
  #unsafeInteger = false;

  /**
   * Whether data read as JSON held an integer beyond 2^53, read rounded (QA308). Only data merged
   * as JSON counts: a text event's digits (`data: order 12345678901234567890 placed`) are kept as
   * written, and counting its line warned of a rounding that never happened (QA313).
   */
  get unsafeInteger(): boolean {
    return this.#unsafeInteger;
  }

  /** Events whose data lines were read joined, as one JSON object (the leniency above). */
  get joinedEvents(): number {
    return this.#joinedEvents;
  }

  /** Feeds one line (without its `\n`); `done` after `data: [DONE]`. */
  pushLine(rawLine: string): SseLineResult {
    const line = rawLine.trim();
    if (line === '') {
      this.#endEvent();
      return 'continue';
    }
    if (!line.startsWith('data:')) return 'continue';
    const data = line.slice(5).trim();
    if (data === '[DONE]') {
      this.#endEvent();
      return 'done';
    }
    this.#event.push(data);
    return 'continue';
  }

  /** The merged reply object. */
  result(): Record<string, unknown> {
    this.#endEvent();
    const hasObject = Object.keys(this.#merged).length > 0;
    if (!hasObject && this.#text !== '') return { content: this.#text, status: 'completed' };
    if (this.#text !== '' && 'content' in this.#merged) return { ...this.#merged, content: this.#text };
    return { ...this.#merged };
  }

  /** Merges the event read so far: line by line (AgentV), or joined when only that is JSON. */
  #endEvent(): void {
    const lines = this.#event;
    if (lines.length === 0) return;
    this.#event = [];
    const state = { merged: this.#merged, text: this.#text, unsafeInteger: this.#unsafeInteger };
    if (lines.length > 1 && !lines.every((data) => parseBoundedJson(data).ok)) {
      const joined = parseBoundedJson(lines.join('\n'));
      if (joined.ok && isRecord(joined.value)) {
        this.#joinedEvents += 1;
        mergeData(state, lines.join('\n'));
        this.#text = state.text;
        this.#unsafeInteger = state.unsafeInteger;
        return;
      }
    }
    for (const data of lines) mergeData(state, data);
    this.#text = state.text;
    this.#unsafeInteger = state.unsafeInteger;
  }
}

/** AgentV's rule for one data text. */
function mergeData(
  merger: { merged: Record<string, unknown>; text: string; unsafeInteger: boolean },
  data: string,
): void {
  const bounded = parseBoundedJson(data); // a line nested too deep stays text, like non-JSON
  if (!bounded.ok) {
    merger.text += data;
    return;
  }
  merger.unsafeInteger ||= firstUnsafeInteger(data) !== undefined;
  const parsed = bounded.value;
  if (isRecord(parsed)) {
    Object.assign(merger.merged, parsed);
    if ('content' in parsed) merger.text += pythonStr(parsed.content);
  } else {
    merger.text += pythonStr(parsed);
  }
}

/** Python `str(value)` of a parsed JSON value. */
function pythonStr(value: unknown): string {
  return typeof value === 'string' ? value : formatPythonRepr(value);
}
