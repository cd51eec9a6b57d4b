/**
 * Splits an agent's stderr into lines, forwards each to the current log, and keeps the last
 * few lines for error messages (`process_crashed` carries the tail).
 */
import type { Readable } from 'node:stream';

const KEEP_LINES = 20;
const MAX_LINE_CHARS = 500;

export class StderrTail {
  #partial = '';
  #tail: string[] = [];
  /** Where complete lines go; the owner points it at the invocation in flight. */
  log: (line: string) => void = () => undefined;

  constructor(stream: Readable | null | undefined) {
    if (!stream) return;
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => this.#push(chunk));
    stream.on('end', () => this.flush());
  }

  lines(): string[] {
    return [...this.#tail];
  }

  /** The last error-looking line (if any) and the last two lines, joined for a one-line message. */
  summary(): string {
    const errorLine = this.#tail.findLast((line) => /error|exception|fatal|panic/i.test(line));
    const picked = [...(errorLine === undefined ? [] : [errorLine]), ...this.#tail.slice(-2)];
    return [...new Set(picked.map((line) => line.trim()))].join(' | ');
  }

  flush(): void {
    if (this.#partial.trim() !== '') this.#emit(this.#partial);
    this.#partial = '';
  }

  #push(chunk: string): void {
    const parts = (this.#partial + chunk).split('\n');
    this.#partial = parts.pop() ?? '';
    for (const part of parts) if (part.trim() !== '') this.#emit(part);
  }

  #emit(raw: string): void {
    const line = raw.replace(/\r$/, '').slice(0, MAX_LINE_CHARS);
    this.#tail.push(line);
    if (this.#tail.length > KEEP_LINES) this.#tail.shift();
    this.log(line);
  }
}
