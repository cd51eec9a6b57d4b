/**
 * The in-memory index of the step cache log: key → (offset, length, kind) of its JSON. A
 * 100k-example run has ~400k entries, so the positions live in typed arrays (no object per
 * entry for the garbage collector to trace) and each kind name is stored once.
 *
 * Keys are found through an open-addressing table of typed arrays rather than a `Map`: a `Map`
 * computes each new key string's hash (a cold apply makes four keys per example and looks each
 * up about twice: measured 6% of its CPU per example), while a step key is `k1:` and a SHA-256 in
 * hex, whose first 8 digits already are a uniform 32-bit hash (other keys are hashed with FNV-1a).
 * A lookup reads one table cell and compares the key string only when the hashes match. Slots
 * are numbered in insertion order, which `keys()` and `entries()` follow, as a `Map`'s do.
 */
export interface IndexEntry {
  offset: number;
  length: number;
  kind: string;
}

/** A table cell holds `slot + 1`, or: */
const EMPTY = 0;
const DELETED = -1;

export class CacheIndex {
  /** The key of each slot, in insertion order; undefined once deleted. */
  private slotKeys: (string | undefined)[] = [];
  private offsets = new Float64Array(1024);
  private lengths = new Float64Array(1024);
  private kinds = new Uint16Array(1024);
  private used = 0;
  private live = 0;
  /** Linear probing; cell `i` is `table[2i]` (slot + 1, EMPTY or DELETED) and `table[2i + 1]` (the key's hash). */
  private table = new Int32Array(2 * 2048);
  /** Cells not EMPTY (live or deleted): the table doubles before they fill half of it. */
  private filled = 0;
  private readonly kindNames: string[] = [];
  private readonly kindIds = new Map<string, number>();

  get size(): number {
    return this.live;
  }

  has(key: string): boolean {
    return this.slotOf(key) !== undefined;
  }

  /** Later entries for a key win (the key keeps its place in the order). */
  set(key: string, offset: number, length: number, kind: string): void {
    const hash = keyHash(key);
    let slot = this.find(key, hash);
    if (slot === undefined) {
      if (this.used === this.offsets.length) this.grow();
      if (2 * (this.filled + 1) > this.table.length / 2) this.rehash();
      slot = this.used++;
      this.slotKeys[slot] = key;
      this.insert(slot, hash);
      this.live++;
    }
    this.offsets[slot] = offset;
    this.lengths[slot] = length;
    this.kinds[slot] = this.kindId(kind);
  }

  /** Forgets a key (its slot is left unused; set again, it goes last in the order). */
  delete(key: string): void {
    const table = this.table;
    const hash = keyHash(key);
    const mask = table.length / 2 - 1;
    for (let cell = hash & mask; table[2 * cell] !== EMPTY; cell = (cell + 1) & mask) {
      const stored = table[2 * cell]!;
      if (stored !== DELETED && table[2 * cell + 1] === hash && this.slotKeys[stored - 1] === key) {
        table[2 * cell] = DELETED;
        this.slotKeys[stored - 1] = undefined;
        this.live--;
        return;
      }
    }
  }

  get(key: string): IndexEntry | undefined {
    const slot = this.slotOf(key);
    return slot === undefined ? undefined : this.entryAt(slot);
  }

  kindOf(key: string): string | undefined {
    const slot = this.slotOf(key);
    return slot === undefined ? undefined : this.kindNames[this.kinds[slot]!];
  }

  /** The slot of a key, for `offsetAt`/`lengthAt` (one lookup, no allocation). */
  slotOf(key: string): number | undefined {
    return this.find(key, keyHash(key));
  }

  offsetAt(slot: number): number {
    return this.offsets[slot]!;
  }

  lengthAt(slot: number): number {
    return this.lengths[slot]!;
  }

  *keys(): IterableIterator<string> {
    for (let slot = 0; slot < this.used; slot++) {
      const key = this.slotKeys[slot];
      if (key !== undefined) yield key;
    }
  }

  *entries(): IterableIterator<[string, IndexEntry]> {
    for (let slot = 0; slot < this.used; slot++) {
      const key = this.slotKeys[slot];
      if (key !== undefined) yield [key, this.entryAt(slot)];
    }
  }

  clear(): void {
    this.slotKeys = [];
    this.used = 0;
    this.live = 0;
    this.filled = 0;
    this.table = new Int32Array(2 * 2048);
    this.offsets = new Float64Array(1024);
    this.lengths = new Float64Array(1024);
    this.kinds = new Uint16Array(1024);
  }

  private find(key: string, hash: number): number | undefined {
    const table = this.table;
    const mask = table.length / 2 - 1;
    for (let cell = hash & mask; ; cell = (cell + 1) & mask) {
      const stored = table[2 * cell]!;
      if (stored === EMPTY) return undefined;
      if (stored !== DELETED && table[2 * cell + 1] === hash && this.slotKeys[stored - 1] === key)
        return stored - 1;
    }
  }

  /** Puts a slot in the first EMPTY cell of its probe sequence (its key is known to be absent). */
  private insert(slot: number, hash: number): void {
    const table = this.table;
    const mask = table.length / 2 - 1;
    let cell = hash & mask;
    while (table[2 * cell] !== EMPTY) cell = (cell + 1) & mask;
    table[2 * cell] = slot + 1;
    table[2 * cell + 1] = hash;
    this.filled++;
  }

  /** A table twice as large, holding the live slots only (deleted cells are dropped). */
  private rehash(): void {
    const old = this.table;
    this.table = new Int32Array(2 * old.length);
    this.filled = 0;
    for (let cell = 0; cell < old.length; cell += 2) {
      const stored = old[cell]!;
      if (stored > 0) this.insert(stored - 1, old[cell + 1]!);
    }
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

/** The value of each lower-case hex digit by character code; -1 for any other character. */
const HEX_VALUE = new Int8Array(128).fill(-1);
for (let c = 0; c < 16; c++) HEX_VALUE['0123456789abcdef'.charCodeAt(c)] = c;

/**
 * A key's 32-bit hash: for a step key (`k1:` then hex digits), its first 8 digits as they are
 * (a SHA-256 is uniform already); for any other key, FNV-1a over its UTF-16 code units.
 */
export function keyHash(key: string): number {
  if (key.length >= 11 && key.startsWith('k1:')) {
    let hash = 0;
    for (let i = 3; i < 11; i++) {
      const code = key.charCodeAt(i);
      const digit = code < 128 ? HEX_VALUE[code]! : -1;
      if (digit < 0) return fnv1a(key);
      hash = (hash << 4) | digit;
    }
    return hash;
  }
  return fnv1a(key);
}

function fnv1a(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash | 0;
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
