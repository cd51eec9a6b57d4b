/**
 * The `sse` transport's Content-Encoding, undone as the stream arrives, as the shared HTTP
 * transport undoes a whole body (decode-body.ts): gzip / x-gzip, deflate zlib-wrapped or raw (RFC
 * 9110 says wrapped; some servers send raw, which browsers accept), br, and a list of codings
 * (`gzip, gzip`) undone last first. QA255: a raw deflate stream failed `transport_error`
 * "Z_DATA_ERROR" and `gzip, gzip` "evalc cannot undo", where the same reply over HTTP, or an
 * `openai` stream, was read; data that does not decode is named by its coding, as decode-body.ts does.
 * A plain event stream under a lone `gzip` label is read as is (plain-under-gzip.ts, QA260).
 */
import type { Readable } from 'node:stream';
import { Transform, type TransformCallback } from 'node:stream';
import { TextDecoder } from 'node:util';
import zlib from 'node:zlib';
import { codingsToUndo, plainStreamUnderGzip } from '../http/plain-under-gzip.js';
import { type NotUtf8Byte, Utf8Text } from './utf8-text.js';

/** A stream with its Content-Encoding undone, and the coding whose data did not decode, if one did not. */
export interface DecodedStream {
  stream: Readable;
  /** `its gzip data is corrupt` once a decoder failed on its data; undefined otherwise. */
  corrupt(): string | undefined;
}

/** The stream with its Content-Encoding undone; undefined for an encoding evalc cannot undo. */
export function decodeStream(stream: Readable, encoding: string): DecodedStream | undefined {
  const codings = codingsToUndo(encoding);
  // a lone gzip label over a plain event stream (a proxy removed the compression): read as is (QA260)
  const decoders = codings.map((coding) =>
    codings.length === 1 && (coding === 'gzip' || coding === 'x-gzip')
      ? new PickedByHead((head, ended) => gunzipOrPlain(encoding, head, ended))
      : decoderFor(coding),
  );
  if (decoders.some((decoder) => decoder === undefined)) return undefined;
  let corrupt: string | undefined;
  let out = stream;
  for (const [i, decoder] of (decoders as Transform[]).entries()) {
    const from = out;
    let forwarded = false;
    from.on('error', (error) => {
      forwarded = true;
      decoder.destroy(error);
    });
    decoder.on('error', () => {
      if (!forwarded) corrupt ??= `its ${codings[i]} data is corrupt`;
    });
    out = from.pipe(decoder);
  }
  return { stream: out, corrupt: () => corrupt };
}

function decoderFor(coding: string): Transform | undefined {
  if (coding === 'gzip' || coding === 'x-gzip') return zlib.createGunzip();
  if (coding === 'deflate') return new PickedByHead(zlibOrRawDeflate);
  if (coding === 'br') return zlib.createBrotliDecompress();
  return undefined;
}

/** What undoes a coding, picked by the data's first bytes: a decoder, `plain` (as is), or undefined (too few bytes yet). */
type Pick = (head: Buffer, ended: boolean) => Transform | 'plain' | undefined;

/** Zlib-wrapped or raw deflate, told by the first two bytes (a zlib header, RFC 1950). */
const zlibOrRawDeflate: Pick = (head, ended) => {
  if (head.length < 2 && !ended) return undefined;
  const [a = 0, b = 0] = head;
  const wrapped = (a & 0x0f) === 8 && ((a << 8) | b) % 31 === 0;
  return wrapped ? zlib.createInflate() : zlib.createInflateRaw();
};

/** Gunzip, or as is for a plain event stream under the label (plain-under-gzip.ts, as a reply read whole). */
function gunzipOrPlain(encoding: string, head: Buffer, ended: boolean): Transform | 'plain' | undefined {
  const plain = plainStreamUnderGzip(encoding, head, ended);
  return plain === undefined ? undefined : plain ? 'plain' : zlib.createGunzip();
}

/** Undoes a coding with the decoder its data's first bytes pick (`Pick`). */
class PickedByHead extends Transform {
  readonly #pick: Pick;
  #head = Buffer.alloc(0);
  #inner: Transform | 'plain' | undefined;
  #ended: Promise<void> | undefined;

  constructor(pick: Pick) {
    super();
    this.#pick = pick;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.#inner === 'plain') {
      this.push(chunk);
      done();
      return;
    }
    if (this.#inner !== undefined) {
      this.#inner.write(chunk, () => done());
      return;
    }
    this.#head = Buffer.concat([this.#head, chunk]);
    const picked = this.#pick(this.#head, false);
    if (picked === undefined) done();
    else this.#start(picked, done);
  }

  override _flush(done: TransformCallback): void {
    if (this.#inner === undefined) {
      if (this.#head.length === 0) {
        done();
        return;
      }
      this.#start(this.#pick(this.#head, true) ?? 'plain', () => undefined);
    }
    if (this.#inner === 'plain') {
      done();
      return;
    }
    this.#inner?.end();
    (this.#ended ?? Promise.resolve()).then(() => done(), done);
  }

  #start(picked: Transform | 'plain', done: TransformCallback): void {
    const head = this.#head;
    this.#head = Buffer.alloc(0);
    this.#inner = picked;
    if (picked === 'plain') {
      this.push(head);
      done();
      return;
    }
    picked.on('data', (data: Buffer) => this.push(data));
    this.#ended = new Promise((resolve, reject) => {
      picked.once('end', resolve);
      picked.once('error', (error) => {
        this.destroy(error);
        reject(error);
      });
    });
    this.#ended.catch(() => undefined);
    picked.write(head, () => done());
  }
}

/**
 * A stream's text in the charset its Content-Type declares (`declaredStreamEncoding`, decode-body.ts:
 * the encoding a whole reply is read in), decoded as it arrives (QA260); Utf8Text's counterpart, whose
 * bytes are never "not UTF-8".
 */
export class DeclaredCharsetText {
  readonly #decoder: TextDecoder;

  constructor(encoding: string) {
    this.#decoder = new TextDecoder(encoding);
  }

  write(chunk: Buffer): string {
    return this.#decoder.decode(chunk, { stream: true });
  }

  end(): string {
    return this.#decoder.decode();
  }

  takeByte(_text: string): undefined {
    return undefined;
  }
}

/**
 * A stream's text, its decoder picked by its first bytes as decode-body.ts reads a whole reply: a
 * byte order mark wins over the declared charset (WHATWG "decode"), else the charset declared
 * (`declaredStreamEncoding`), else UTF-8, checked (Utf8Text). QA265: a UTF-16 stream with its BOM
 * and no charset was 'reply is not UTF-8 (byte 0xff at offset 0)', a UTF-8 BOM before a stream
 * labelled iso-8859-1 read 'ï»¿data:' and lost its first event, where an openai stream read both.
 */
export class StreamText {
  readonly #declared: string | undefined;
  #picked: Utf8Text | DeclaredCharsetText | undefined;
  #head = Buffer.alloc(0);

  constructor(declared: string | undefined) {
    this.#declared = declared;
  }

  write(chunk: Buffer): string {
    if (this.#picked !== undefined) return this.#picked.write(chunk);
    this.#head = Buffer.concat([this.#head, chunk]);
    if (mayBeginBom(this.#head)) return '';
    return this.#pick().write(this.#head);
  }

  end(): string {
    if (this.#picked !== undefined) return this.#picked.end();
    const picked = this.#pick();
    return picked.write(this.#head) + picked.end();
  }

  takeByte(text: string): NotUtf8Byte | undefined {
    return this.#picked?.takeByte(text);
  }

  #pick(): Utf8Text | DeclaredCharsetText {
    const head = this.#head;
    const bom =
      head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf
        ? 'utf-8'
        : head[0] === 0xff && head[1] === 0xfe
          ? 'utf-16le'
          : head[0] === 0xfe && head[1] === 0xff
            ? 'utf-16be'
            : undefined;
    const encoding = bom ?? this.#declared;
    this.#picked =
      encoding === undefined || encoding === 'utf-8' ? new Utf8Text() : new DeclaredCharsetText(encoding);
    return this.#picked;
  }
}

/** Whether `head` is too short to tell: a strict beginning of a byte order mark (EF BB BF, FF FE, FE FF). */
function mayBeginBom(head: Buffer): boolean {
  if (head.length === 0) return true;
  if (head.length === 1) return head[0] === 0xef || head[0] === 0xff || head[0] === 0xfe;
  return head.length === 2 && head[0] === 0xef && head[1] === 0xbb;
}
