/**
 * A key written twice in one mapping is an error (EVALC_YAML_DUPLICATE_KEY), but not one that hides
 * the rest of the file: the first of the keys is read and the later ones are left out, so every other
 * mistake of the file is still reported in the same run (QA161: a second `a1:` under `agents:` was the
 * only error validate printed, the file's unknown keys and template errors waited for the next run).
 * The first is kept because a diagnostic's position is found by the first key of that name.
 */
import { type Document, isPair, isScalar, type Pair, type Scalar, visit } from 'yaml';

/**
 * Whether two keys name one entry once read: `1` and `"1"` (or `true` and `"true"`) are two keys to
 * YAML but one to the plan, whose mappings key by text, so one of them was dropped without a word
 * (QA166: a dataset `1:` beside a dataset `"1":`). A `<<` merge key (a symbol) is compared as itself.
 */
export function isSameKey(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isScalar(a) || !isScalar(b)) return false;
  if (typeof a.value === 'symbol' || typeof b.value === 'symbol') return a.value === b.value;
  return a.value === b.value || String(a.value) === String(b.value);
}

/** The pairs left out: those of the file's top-level mapping, and those below it. */
export interface DroppedPairs {
  topLevel: Pair[];
  nested: Pair[];
}

/** Removes every later pair of a key already seen in its mapping; returns the ones removed. */
export function dropLaterDuplicateKeys(doc: Document.Parsed): DroppedPairs {
  const topLevel: Pair[] = [];
  const nested: Pair[] = [];
  visit(doc, {
    Map(_key, map) {
      const seen = new Set<unknown>();
      map.items = map.items.filter((pair) => {
        // A `<<` merge key (a symbol) may be written more than once; a complex key is left as written.
        if (!isScalar(pair.key) || typeof pair.key.value === 'symbol') return true;
        const text = String(pair.key.value);
        if (!seen.has(text)) {
          seen.add(text);
          return true;
        }
        (map === doc.contents ? topLevel : nested).push(pair);
        return false;
      });
    },
  });
  return { topLevel, nested };
}

/**
 * The key a duplicate-key error at `offset` names, and where its first writing starts: the reader's
 * "Map keys must be unique" said neither which key nor where the other one is. With the value
 * nodes of both, and the key of the mapping holding them (`agents` for an `a1:`), for the hint
 * (duplicate-key-hint.ts).
 */
export function duplicateKeyAt(
  doc: Document.Parsed,
  offset: number,
):
  | { key: string; first: number; firstValue: unknown; value: unknown; parent: string | undefined }
  | undefined {
  let found:
    | { key: string; first: number; firstValue: unknown; value: unknown; parent: string | undefined }
    | undefined;
  visit(doc, {
    Map(_key, map, path) {
      const index = map.items.findIndex((p) => isScalar(p.key) && p.key.range?.[0] === offset);
      const pair = map.items[index];
      if (pair === undefined || !isScalar(pair.key)) return;
      const value = pair.key.value;
      const first = map.items.find((p) => isSameKey(p.key, pair.key));
      const start = (first?.key as Scalar | undefined)?.range?.[0];
      if (first === pair || start === undefined) return;
      const holder = path[path.length - 1];
      const parent = isPair(holder) && isScalar(holder.key) ? String(holder.key.value) : undefined;
      found = { key: String(value), first: start, firstValue: first?.value, value: pair.value, parent };
      return visit.BREAK;
    },
  });
  return found;
}
