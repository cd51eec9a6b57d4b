/**
 * The step cache as the executor sees it: content-addressed entries by step key, each put with a
 * kind (`invoke`, `invoke-failed`, `extract`, `score`…). `LogStore` (cache-store.ts) is the embedded
 * append-only log behind it; a shared remote store would implement this same interface.
 */

// The end of the key of a note of why a step last failed: `plan` reads such notes too (QA324).
export { FAILURE_NOTE_SUFFIX } from '../compiler/failure-note.js';

export interface StepStore {
  has(key: string): boolean;
  /** The kind an entry was put with (`invoke`, `invoke-failed`, `extract`…), without reading it. */
  kindOf?(key: string): string | undefined;
  get<T = unknown>(key: string): T | undefined;
  /** The bytes of an entry's JSON, without reading it. */
  sizeOf?(key: string): number | undefined;
  put(key: string, kind: string, value: unknown): void;
  /** Why the store cannot be written (a read-only cache), where a put would fail and stop the run. */
  readonly writeDenied?: Error | undefined;
  keys(): IterableIterator<string>;
  stats(): CacheStats;
  prune(reachable: (key: string) => boolean): {
    kept: number;
    removed: number;
    bytesBefore: number;
    bytesAfter: number;
  };
  close(): void;
}

export interface CacheStats {
  entries: number;
  bytes: number;
  byKind: Record<string, { entries: number; bytes: number }>;
  /** Of the entries, notes of why a step last failed (`…#last-error`, kinds `invoke-error`, `score-error`): no results. */
  failureNotes: number;
  /** Bytes cut from a torn last line when the store was opened (read-only: left, not cut). */
  recoveredTornBytes: number;
  /** Complete lines that did not parse (skipped; a prune drops them), and their bytes. */
  damagedLines: number;
  damagedBytes: number;
  /** Bytes of lines a later entry for the same key replaced: a prune frees them, whatever it keeps. */
  supersededBytes: number;
  /** Of the damaged lines, those whose bytes did not match their checksum (`steps.crc`) or whose JSON did not parse. */
  corruptEntries: number;
  /** Entries `steps.crc` recorded past the log's end when it was read: gone (a log cut short, emptied, replaced). */
  lostEntries: number;
}
