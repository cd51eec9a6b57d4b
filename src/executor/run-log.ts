/**
 * The lines of `.evalc/logs/run.log`, bounded: an agent that writes hundreds of megabytes to
 * stderr (each line logged under its step) would otherwise hold them all in memory until the
 * end and write a log as large (QA13: 250 MB of stderr, a 131 MB run.log). The first
 * `limitChars` characters of lines are kept; the rest are counted and named in a last line.
 */
export const RUN_LOG_LIMIT_CHARS = 16 * 1024 * 1024;

export class RunLog {
  readonly #lines: string[] = [];
  #chars = 0;
  #dropped = 0;
  #droppedChars = 0;

  constructor(private readonly limitChars = RUN_LOG_LIMIT_CHARS) {}

  push(line: string): void {
    if (this.#chars + line.length > this.limitChars) {
      this.#dropped++;
      this.#droppedChars += line.length;
      return;
    }
    this.#lines.push(line);
    this.#chars += line.length + 1;
  }

  get isEmpty(): boolean {
    return this.#lines.length === 0 && this.#dropped === 0;
  }

  /** The kept lines, then what was left out. */
  lines(): string[] {
    if (this.#dropped === 0) return this.#lines;
    const mib = (this.#droppedChars / (1024 * 1024)).toFixed(1);
    return [
      ...this.#lines,
      `… ${this.#dropped} more lines (${mib} MiB) not kept: run.log keeps the first ${this.limitChars / (1024 * 1024)} MiB`,
    ];
  }
}
