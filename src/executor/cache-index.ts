/**
 * The in-memory index of the step cache log: key → (offset, length, kind) of its JSON. A
 * 100k-example run has ~400k entries, so the positions live in typed arrays (no object per
 * entry for the garbage collector to trace) and each kind name is stored once.
 */
export interface IndexEntry {
  offset: number;
  length: number;
  kind: string;
}

export class CacheIndex {
  private readonly slots = new Map<string, number>();
  private offsets = new Float64Array(1024);
  private lengths = new Float64Array(1024);
  private kinds = new Uint16Array(1024);
  private used = 0;
  private readonly kindNames: string[] = [];
  private readonly kindIds = new Map<string, number>();

  get size(): number {
    return this.slots.size;
  }

  has(key: string): boolean {
    return this.slots.has(key);
  }

  /** Later entries for a key win. */
  set(key: string, offset: number, length: number, kind: string): void {
    let slot = this.slots.get(key);
    if (slot === undefined) {
      if (this.used === this.offsets.length) this.grow();
      slot = this.used++;
      this.slots.set(key, slot);
    }
    this.offsets[slot] = offset;
    this.lengths[slot] = length;
    this.kinds[slot] = this.kindId(kind);
  }

  /** Forgets a key (its slot is left unused). */
  delete(key: string): void {
    this.slots.delete(key);
  }

  get(key: string): IndexEntry | undefined {
    const slot = this.slots.get(key);
    return slot === undefined ? undefined : this.entryAt(slot);
  }

  kindOf(key: string): string | undefined {
    const slot = this.slots.get(key);
    return slot === undefined ? undefined : this.kindNames[this.kinds[slot]!];
  }

  /** The slot of a key, for `offsetAt`/`lengthAt` (one lookup, no allocation). */
  slotOf(key: string): number | undefined {
    return this.slots.get(key);
  }

  offsetAt(slot: number): number {
    return this.offsets[slot]!;
  }

  lengthAt(slot: number): number {
    return this.lengths[slot]!;
  }

  keys(): IterableIterator<string> {
    return this.slots.keys();
  }

  *entries(): IterableIterator<[string, IndexEntry]> {
    for (const [key, slot] of this.slots) yield [key, this.entryAt(slot)];
  }

  clear(): void {
    this.slots.clear();
    this.used = 0;
    this.offsets = new Float64Array(1024);
    this.lengths = new Float64Array(1024);
    this.kinds = new Uint16Array(1024);
  }

  private entryAt(slot: number): IndexEntry {
    return {
      offset: this.offsets[slot]!,
      length: this.lengths[slot]!,
      kind: this.kindNames[this.kinds[slot]!]!,
    };
  }

  private kindId(kind: string): number {
    let id = this.kindIds.get(kind);
    if (id === undefined) {
      id = this.kindNames.length;
      if (id > 0xffff) throw new Error('cache index: too many entry kinds');
      this.kindNames.push(kind);
      this.kindIds.set(kind, id);
    }
    return id;
  }

  private grow(): void {
    const capacity = this.offsets.length * 2;
    this.offsets = grownArray(this.offsets, capacity);
    this.lengths = grownArray(this.lengths, capacity);
    this.kinds = grownArray(this.kinds, capacity);
  }
}

/** A typed array of `capacity` elements starting with `array`'s (the rest zero). */
export function grownArray<A extends Float64Array | Uint32Array | Uint16Array>(
  array: A,
  capacity: number,
): A {
  const next = new (array.constructor as new (length: number) => A)(capacity);
  next.set(array);
  return next;
}
