/**
 * AgentV's SSE merge rule (mae.md §1.3, `sse_http_adapter` at HEAD), line by line:
 *
 * - each line is trimmed; only lines starting with `data:` count (`event:`, `id:`, comments and
 *   blank lines are ignored; multi-line events are not joined — every `data:` line stands alone);
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
import { isRecord } from './action.js';
import { formatPythonRepr } from './python-format.js';

export type SseLineResult = 'continue' | 'done';

export class SseMerger {
  /** Null prototype: a `__proto__` key in agent JSON stays an ordinary key. */
  readonly #merged: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  #text = '';

  /** Feeds one line (without its `\n`); `done` after `data: [DONE]`. */
  pushLine(rawLine: string): SseLineResult {
    const line = rawLine.trim();
    if (!line.startsWith('data:')) return 'continue';
    const data = line.slice(5).trim();
    if (data === '[DONE]') return 'done';
    const bounded = parseBoundedJson(data); // a line nested too deep stays text, like non-JSON
    if (!bounded.ok) {
      this.#text += data;
      return 'continue';
    }
    const parsed = bounded.value;
    if (isRecord(parsed)) {
      Object.assign(this.#merged, parsed);
      if ('content' in parsed) this.#text += pythonStr(parsed.content);
    } else {
      this.#text += pythonStr(parsed);
    }
    return 'continue';
  }

  /** The merged reply object. */
  result(): Record<string, unknown> {
    const hasObject = Object.keys(this.#merged).length > 0;
    if (!hasObject && this.#text !== '') return { content: this.#text, status: 'completed' };
    if (this.#text !== '' && 'content' in this.#merged) return { ...this.#merged, content: this.#text };
    return { ...this.#merged };
  }
}

/** Python `str(value)` of a parsed JSON value. */
function pythonStr(value: unknown): string {
  return typeof value === 'string' ? value : formatPythonRepr(value);
}
