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
  /** The first byte read that is not UTF-8 (-1 when it cannot be named) and its offset, not yet told. */
  #bad: NotUtf8Byte | undefined;
  /** The last chunk's character cut short, whose rest the next chunk begins with. */
  #tail: Buffer = Buffer.alloc(0);
  /** Bytes written so far (the offset the next chunk begins at). */
  #read = 0;

  /** The chunk's text; a string (a stream already decoding) is passed as it is. */
  write(chunk: Buffer | string): string {
    if (typeof chunk === 'string') return chunk;
    // the byte is named from the chunk joined to the character the last one cut: from the chunk
    // alone, the rest of a '€' cut across two writes was named, 'byte 0x82', not the é after it (QA250)
    const bytes = this.#tail.length === 0 ? chunk : Buffer.concat([this.#tail, chunk]);
    try {
      this.#check.decode(chunk, { stream: true });
    } catch {
      const at = firstNonUtf8(bytes);
      this.#bad ??= { byte: bytes[at] ?? -1, at: this.#read - this.#tail.length + at };
      this.#check = new TextDecoder('utf-8', { fatal: true });
    }
    this.#tail = Buffer.from(cutTail(bytes));
    this.#read += chunk.length;
    return this.#text.write(chunk);
  }

  /** What the last chunks held unfinished (U+FFFD for a cut character), at the stream's end. */
  end(): string {
    try {
      this.#check.decode();
    } catch {
      this.#bad ??= { byte: -1, at: this.#read - this.#tail.length };
    }
    return this.#text.end();
  }

  /**
   * Why `text` (a reply read from this stream, holding U+FFFD) is not the agent's own: the detail
   * of its `invalid_json`, told once. Undefined when every byte read was UTF-8.
   */
  take(text: string): string | undefined {
    const byte = this.takeByte(text)?.byte;
    if (byte === undefined) return undefined;
    return `reply is not UTF-8 (${byte >= 0 ? `byte 0x${byte.toString(16)}` : 'a character cut short'}): write the reply in UTF-8`;
  }

  /** `take`'s byte and offset, for a reader that words it itself (the `sse` stream's, QA260); told once. */
  takeByte(text: string): NotUtf8Byte | undefined {
    if (this.#bad === undefined || !text.includes('\uFFFD')) return undefined;
    const bad = this.#bad;
    this.#bad = undefined;
    return bad;
  }
}

/** A byte read that is not UTF-8 (-1: a character the end cut short) and its offset in what was read. */
export interface NotUtf8Byte {
  byte: number;
  at: number;
}

/** The bytes ending `bytes` that begin a character and stop short of its end (none: empty). */
function cutTail(bytes: Buffer): Buffer {
  for (let k = 1; k <= Math.min(3, bytes.length); k++) {
    const b = bytes[bytes.length - k] ?? 0;
    if ((b & 0xc0) === 0x80) continue;
    const length = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return length > k ? bytes.subarray(bytes.length - k) : bytes.subarray(bytes.length);
  }
  return bytes.subarray(bytes.length);
}
