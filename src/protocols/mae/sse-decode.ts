/**
 * The `sse` transport's Content-Encoding, undone as the stream arrives, as the shared HTTP
 * transport undoes a whole body (decode-body.ts): gzip / x-gzip, deflate zlib-wrapped or raw (RFC
 * 9110 says wrapped; some servers send raw, which browsers accept), br, and a list of codings
 * (`gzip, gzip`) undone last first. QA255: a raw deflate stream failed `transport_error`
 * "Z_DATA_ERROR" and `gzip, gzip` "evalc cannot undo", where the same reply over HTTP, or an
 * `openai` stream, was read; data that does not decode is named by its coding, as decode-body.ts does.
 */
import type { Readable } from 'node:stream';
import { Transform, type TransformCallback } from 'node:stream';
import { TextDecoder } from 'node:util';
import zlib from 'node:zlib';

/** A stream with its Content-Encoding undone, and the coding whose data did not decode, if one did not. */
export interface DecodedStream {
  stream: Readable;
  /** `its gzip data is corrupt` once a decoder failed on its data; undefined otherwise. */
  corrupt(): string | undefined;
}

/** The stream with its Content-Encoding undone; undefined for an encoding evalc cannot undo. */
export function decodeStream(stream: Readable, encoding: string): DecodedStream | undefined {
  const codings = encoding
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity')
    .reverse();
  const decoders = codings.map(decoderFor);
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
  if (coding === 'deflate') return new EitherDeflate();
  if (coding === 'br') return zlib.createBrotliDecompress();
  return undefined;
}

/** Inflates zlib-wrapped or raw deflate, told by the first two bytes (a zlib header, RFC 1950). */
class EitherDeflate extends Transform {
  #head = Buffer.alloc(0);
  #inner: zlib.Inflate | zlib.InflateRaw | undefined;
  #ended: Promise<void> | undefined;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.#inner !== undefined) {
      this.#inner.write(chunk, () => done());
      return;
    }
    this.#head = Buffer.concat([this.#head, chunk]);
    if (this.#head.length < 2) done();
    else this.#start(done);
  }

  override _flush(done: TransformCallback): void {
    if (this.#inner === undefined) {
      if (this.#head.length === 0) {
        done();
        return;
      }
      this.#start(() => undefined);
    }
    this.#inner?.end();
    (this.#ended ?? Promise.resolve()).then(() => done(), done);
  }

  #start(done: TransformCallback): void {
    const [a = 0, b = 0] = this.#head;
    const wrapped = (a & 0x0f) === 8 && ((a << 8) | b) % 31 === 0;
    const inner = wrapped ? zlib.createInflate() : zlib.createInflateRaw();
    this.#inner = inner;
    inner.on('data', (data: Buffer) => this.push(data));
    this.#ended = new Promise((resolve, reject) => {
      inner.once('end', resolve);
      inner.once('error', (error) => {
        this.destroy(error);
        reject(error);
      });
    });
    this.#ended.catch(() => undefined);
    const head = this.#head;
    this.#head = Buffer.alloc(0);
    inner.write(head, () => done());
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
