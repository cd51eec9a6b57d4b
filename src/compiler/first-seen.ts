/**
 * Where each id was first seen, for the duplicate-id check of a dataset (`datasets.ts`). It runs
 * once per example, so a new id costs one hash lookup (a Set's add), not a Map's get then set;
 * the Map from id to first position is built only when a first duplicate needs it.
 */
export class FirstSeen<T> {
  readonly #ids = new Set<string>();
  /** `at` of each id, in the order the ids were added (a Set iterates in that order). */
  readonly #positions: T[] = [];
  #byId: Map<string, T> | undefined;

  /** Records `id` as seen at `at`; when it was seen before, where it was first seen. */
  claim(id: string, at: T): T | undefined {
    const before = this.#ids.size;
    this.#ids.add(id);
    if (this.#ids.size > before) {
      this.#positions.push(at);
      this.#byId?.set(id, at);
      return undefined;
    }
    this.#byId ??= this.#index();
    return this.#byId.get(id);
  }

  #index(): Map<string, T> {
    const byId = new Map<string, T>();
    let i = 0;
    for (const id of this.#ids) byId.set(id, this.#positions[i++] as T);
    return byId;
  }
}
