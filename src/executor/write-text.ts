/**
 * Writes a string (or bytes) to a file descriptor; a string is not first copied into a Buffer: `writeSync`
 * encodes it into a temporary native buffer that is freed at once, so large writes leave no
 * garbage on the JS heap. A short write (rare on regular files) is finished from a Buffer.
 */
import { writeSync } from 'node:fs';

/** Writes all of `text` at `position` (or at the current file offset); returns the bytes written. */
export function writeTextSync(fd: number, text: string, position?: number): number {
  const written = position === undefined ? writeSync(fd, text) : writeSync(fd, text, position, 'utf8');
  const bytes = Buffer.byteLength(text);
  if (written === bytes) return bytes;
  const data = Buffer.from(text, 'utf8');
  let done = written;
  while (done < data.length)
    done += writeSync(fd, data, done, data.length - done, position === undefined ? null : position + done);
  return data.length;
}

/** Writes all of `bytes` at `position` (or at the current file offset); returns the bytes written. */
export function writeBytesSync(fd: number, bytes: Uint8Array, position?: number): number {
  let done = 0;
  while (done < bytes.length)
    done += writeSync(fd, bytes, done, bytes.length - done, position === undefined ? null : position + done);
  return done;
}
