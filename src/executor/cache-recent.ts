/**
 * The values a run put in the step log, kept (bounded) for the reports' read-back: after the
 * last reply `reportSources` reads each shown row's invoke and extract records, and reading one
 * it wrote a moment ago from the log is a read and a `JSON.parse` the run need not do (~45 ms
 * of a 10k-example run's write-out). Only JSON data is put (agent replies as parsed, numbers,
 * strings), so a kept value renders exactly as the log's copy would; it is the same object, not
 * a copy: readers must not change it.
 *
 * Bounded by entries and by the JSON bytes they took in the log; past either bound nothing more
 * is kept (reads of later entries go to the log, as before). A key put again keeps its newest
 * value or none, never a superseded one.
 */

export interface RecentLimits {
  /** Kinds kept (`invoke`, `extract`…); other kinds are never kept. */
  kinds: readonly string[];
  maxEntries: number;
  maxBytes: number;
}

export class RecentValues {
  readonly #kinds: ReadonlySet<string>;
  readonly #values = new Map<string, unknown>();
  #bytes = 0;
  #full = false;

  constructor(private readonly limits: RecentLimits) {
    this.#kinds = new Set(limits.kinds);
  }

  /** A put of `value` (`bytes` of JSON in the log) under `key`. */
  keep(key: string, kind: string, value: unknown, bytes: number): void {
    if (this.#full || !this.#kinds.has(kind)) {
      // A superseded value is never recalled.
      if (this.#values.size > 0) this.#values.delete(key);
      return;
    }
    if (this.#values.size >= this.limits.maxEntries || this.#bytes + bytes > this.limits.maxBytes) {
      this.#full = true;
      this.#values.delete(key);
      return;
    }
    this.#values.set(key, value);
    this.#bytes += bytes;
  }

  /** The value put under `key`, if kept. */
  recall<T>(key: string): T | undefined {
    return this.#values.get(key) as T | undefined;
  }

  /** Forgets everything (the store closed): nothing more is kept. */
  clear(): void {
    this.#values.clear();
    this.#full = true;
  }
}
