/**
 * A mae agent's stdout or socket read as UTF-8, as `setEncoding('utf8')` reads it, noting a byte
 * that is not UTF-8 (QA244: an agent writing Latin-1 had each `é` read as U+FFFD, and the answer
 * kept so, without a word, where the same reply over HTTP is `invalid_json` since QA237). The text
 * a reply is read from is then told apart from an agent's own U+FFFD, which it sent as UTF-8.
 */
import { StringDecoder } from 'node:string_decoder';
import { TextDecoder } from 'node:util';
import { firstNonUtf8 } from '../http/decode-body.js';

export class Utf8Text {
  readonly #text = new StringDecoder('utf8');
  #check = new TextDecoder('utf-8', { fatal: true });
  /** The first byte read that is not UTF-8 (-1 when it cannot be named) not yet told. */
  #bad: number | undefined;

  /** The chunk's text; a string (a stream already decoding) is passed as it is. */
  write(chunk: Buffer | string): string {
    if (typeof chunk === 'string') return chunk;
    try {
      this.#check.decode(chunk, { stream: true });
    } catch {
      this.#bad ??= chunk[firstNonUtf8(chunk)] ?? -1;
      this.#check = new TextDecoder('utf-8', { fatal: true });
    }
    return this.#text.write(chunk);
  }

  /** What the last chunks held unfinished (U+FFFD for a cut character), at the stream's end. */
  end(): string {
    try {
      this.#check.decode();
    } catch {
      this.#bad ??= -1;
    }
    return this.#text.end();
  }

  /**
   * Why `text` (a reply read from this stream, holding U+FFFD) is not the agent's own: the detail
   * of its `invalid_json`, told once. Undefined when every byte read was UTF-8.
   */
  take(text: string): string | undefined {
    if (this.#bad === undefined || !text.includes('\uFFFD')) return undefined;
    const byte = this.#bad;
    this.#bad = undefined;
    return `reply is not UTF-8 (${byte >= 0 ? `byte 0x${byte.toString(16)}` : 'a character cut short'}): write the reply in UTF-8`;
  }
}
