/**
 * Keeps a long apply's heap close to what it really holds. V8 grows the old generation lazily:
 * in a cold 100k-example apply only three full collections ran and the heap reached ~3× its
 * live size (~150 MB live, 590 MB peak RSS, benchmarks/apply). A full collection at the phase
 * boundaries (when the run's transient garbage is dead) and whenever the heap has grown 96 MiB
 * (or half its live size, if more) past its last live size keeps the peak near live + one
 * phase's garbage. Each costs one full collection (~0.1 s at 100k examples, a few ms at 1k).
 *
 * The collector is reached with `v8.setFlagsFromString('--expose-gc')` and `gc` taken from a
 * fresh context; if that ever fails, the watch does nothing.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

const MIB = 1024 * 1024;

let collector: (() => void) | null | undefined;

function fullCollector(): (() => void) | null {
  if (collector === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      const gc: unknown = vm.runInNewContext('gc');
      collector = typeof gc === 'function' ? (gc as () => void) : null;
    } catch {
      collector = null;
    }
  }
  return collector;
}

export class HeapWatch {
  #live = 0;
  #ticks = 0;

  /**
   * @param every check the heap once per this many ticks (examples)
   * @param floor never collect below this many bytes in use
   * @param slack collect when the heap holds this many bytes more than after the last collection
   */
  constructor(
    private readonly every = 2048,
    private readonly floor = 256 * MIB,
    private readonly slack = 96 * MIB,
  ) {}

  /** Called once per finished example: a cheap counter, a heap check every `every` calls. */
  tick(): void {
    if (++this.#ticks % this.every !== 0) return;
    const used = v8.getHeapStatistics().used_heap_size;
    // The allowance grows with the live set (half of it): a run whose heap really holds a
    // gigabyte would otherwise pay a full collection for every 96 MiB of garbage.
    if (used > Math.max(this.floor, this.#live + Math.max(this.slack, this.#live / 2))) this.collect();
  }

  /**
   * A phase ended (what it allocated is garbage): a full collection, when the heap holds at
   * least `above` bytes (a small run's heap is left to V8: its collection would cost more than
   * it frees).
   */
  collectAfterPhase(above = 96 * MIB): void {
    if (v8.getHeapStatistics().used_heap_size >= above) this.collect();
  }

  /** A full collection now. */
  collect(): void {
    const gc = fullCollector();
    if (!gc) return;
    gc();
    this.#live = v8.getHeapStatistics().used_heap_size;
  }
}
