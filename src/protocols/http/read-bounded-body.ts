/**
 * Reads a response body (as bytes, or as UTF-8 text), stopping (and destroying the stream) past a byte limit.
 * Reads from 'data'/'end' events rather than an async iterator (one per reply is measurable at
 * thousands of replies per second); a stream error rejects, as the iterator's would.
 */
import type { Readable } from 'node:stream';

export type BoundedBody = { ok: true; text: string } | { ok: false; bytesSeen: number };
export type BoundedBytes = { ok: true; bytes: Buffer } | { ok: false; bytesSeen: number };

export async function readBoundedBody(body: Readable, maxBytes: number): Promise<BoundedBody> {
  const read = await readBoundedBytes(body, maxBytes);
  return read.ok ? { ok: true, text: read.bytes.toString('utf8') } : read;
}

/** The body's bytes, undecoded (decode-body.ts turns them into text). */
export function readBoundedBytes(body: Readable, maxBytes: number): Promise<BoundedBytes> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer | string): void => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      if (size > maxBytes) {
        cleanup();
        discardBody(body);
        resolve({ ok: false, bytesSeen: size });
        return;
      }
      chunks.push(buffer);
    };
    const onEnd = (): void => {
      cleanup();
      const only = chunks.length === 1 ? chunks[0] : undefined;
      resolve({ ok: true, bytes: only ?? Buffer.concat(chunks, size) });
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(error);
    };
    const onClose = (): void => {
      // closed without 'end' or 'error' (destroyed without a reason): what the iterator reports
      cleanup();
      reject(Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }));
    };
    function cleanup(): void {
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('error', onError);
      body.off('close', onClose);
    }
    body.on('data', onData);
    body.on('end', onEnd);
    body.on('error', onError);
    body.on('close', onClose);
  });
}

/** Destroys a body we will not read; undici reports that as an 'error' event, which we swallow. */
export function discardBody(body: Readable): void {
  body.on('error', () => undefined);
  body.destroy();
}
