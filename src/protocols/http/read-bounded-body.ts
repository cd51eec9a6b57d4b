/** Reads a response body as UTF-8 text, stopping (and destroying the stream) past a byte limit. */
import type { Readable } from 'node:stream';

export type BoundedBody = { ok: true; text: string } | { ok: false; bytesSeen: number };

export async function readBoundedBody(body: Readable, maxBytes: number): Promise<BoundedBody> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > maxBytes) {
      discardBody(body);
      return { ok: false, bytesSeen: size };
    }
    chunks.push(buffer);
  }
  return { ok: true, text: Buffer.concat(chunks, size).toString('utf8') };
}

/** Destroys a body we will not read; undici reports that as an 'error' event, which we swallow. */
export function discardBody(body: Readable): void {
  body.on('error', () => undefined);
  body.destroy();
}
