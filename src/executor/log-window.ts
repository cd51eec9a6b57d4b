/**
 * Reads of the cache log (cache-store.ts) through a window of it: a re-apply reads entries in log
 * order, about one syscall per window instead of one per entry.
 */
import { readSync } from 'node:fs';

const WINDOW_BYTES = 64 * 1024;

export class LogWindow {
  #buffer: Buffer | undefined;
  #start = 0;
  #end = 0;

  /** Bytes `[offset, offset + length)` of the file as UTF-8 text; `limit` is where its written bytes end. */
  read(fd: number, offset: number, length: number, limit: number): string {
    if (length > WINDOW_BYTES / 2) {
      const buffer = Buffer.allocUnsafe(length);
      readSync(fd, buffer, 0, length, offset);
      return buffer.toString('utf8');
    }
    if (!this.#buffer || offset < this.#start || offset + length > this.#end) {
      this.#buffer ??= Buffer.allocUnsafe(WINDOW_BYTES);
      const read = readSync(fd, this.#buffer, 0, Math.min(WINDOW_BYTES, limit - offset), offset);
      this.#start = offset;
      this.#end = offset + read;
    }
    const start = offset - this.#start;
    return this.#buffer.toString('utf8', start, start + length);
  }

  /** Forgets the bytes it holds (the file was replaced), keeping its buffer. */
  reset(): void {
    this.#start = 0;
    this.#end = 0;
  }

  /** Drops its buffer (the store is closed). */
  release(): void {
    this.#buffer = undefined;
  }
}
