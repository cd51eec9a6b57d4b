/**
 * What `JSON.parse` accepts in a dataset but silently changes (QA21): a key given twice in one
 * object (the last one wins, the first value is dropped without a word — YAML datasets refuse
 * duplicate keys) and an integer beyond 2^53, which is read as the nearest double
 * (`12345678901234567891` becomes `12345678901234567000`, then sent to agents and compared as
 * such). One pass over text that is already known to parse, which also measures how deeply
 * arrays and objects nest (the dataset depth limit is checked only where this passes it).
 *
 * It runs on every line of a JSONL dataset, so it allocates little: strings are skipped with
 * `indexOf`, an object's keys are compared in one shared list (a Set only for an object of many
 * keys), and a text without issues returns the one shared empty list.
 */

export type JsonTextIssue =
  | { kind: 'duplicate_key'; offset: number; key: string }
  | { kind: 'imprecise_integer'; offset: number; literal: string; read: string };

export interface JsonTextScan {
  /** Empty (and shared: never push to it) when the text has none. */
  issues: JsonTextIssue[];
  /** How many arrays/objects the text opens inside one another at most. */
  depth: number;
}

const QUOTE = 34;
const BACKSLASH = 92;
/** An object with more keys than this gets a Set; fewer are compared one by one. */
const LINEAR_KEYS = 12;
const NO_ISSUES: JsonTextIssue[] = [];

// Shared between calls (the scan is synchronous): open containers and the keys seen in them.
/** Per open container: -1 an array, else the index in `keys` where the object's keys start. */
const frameKeysFrom: number[] = [];
/** Per open container: whether a string there now is a key (objects only). */
const frameExpectsKey: boolean[] = [];
/** Per open container: the Set of an object that outgrew linear comparison. */
const frameSets: (Set<string> | undefined)[] = [];
const keys: string[] = [];

/** Issues in `text` (valid JSON), each at the character offset where it starts. */
export function scanJsonText(text: string): JsonTextIssue[] {
  return scanJsonTextDepth(text).issues;
}

const CLEAN: JsonTextScan = { issues: NO_ISSUES, depth: 0 };

/**
 * `scanJsonTextDepth` for a text `JSON.parse` read as `value`, answered without the scan when the
 * value shows there is nothing to find: every key of the text sits before one `:` (a colon in a
 * string counts too), so when the text has no more colons than the value has keys, no key was
 * given twice; an integer literal the value cannot keep exactly was read as an integer beyond
 * 2^53, so a value without one had none; and a value nested at most `maxDepth` levels came from
 * a text nested as deep. The depth returned then is 0 (only "not above `maxDepth`" is known).
 */
export function scanParsedJsonText(text: string, value: unknown, maxDepth: number): JsonTextScan {
  if (value === null || typeof value !== 'object' || inheritsEnumerableKeys()) return scanJsonTextDepth(text);
  const keyCount = countKeys(value, 1, maxDepth);
  return keyCount >= 0 && keyCount === countColons(text) ? CLEAN : scanJsonTextDepth(text);
}

/**
 * Own keys of every object in `value` (a container at `depth`); -1 when it nests deeper than
 * `max` or holds an integer beyond the exact range (which the scan must look at).
 */
function countKeys(value: object, depth: number, max: number): number {
  if (depth > max) return -1;
  let count = 0;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const inner = countItemKeys(value[i], depth, max);
      if (inner < 0) return -1;
      count += inner;
    }
    return count;
  }
  // JSON.parse makes plain objects (`__proto__` included, as an own key), whose for-in keys are
  // their own while Object.prototype has no enumerable key (checked before).
  for (const key in value) {
    const inner = countItemKeys((value as Record<string, unknown>)[key], depth, max);
    if (inner < 0) return -1;
    count += inner + 1;
  }
  return count;
}

const PROBE = {};

/** Whether something made a key of Object.prototype enumerable (for-in would count it). */
function inheritsEnumerableKeys(): boolean {
  for (const _key in PROBE) return true;
  return false;
}

function countItemKeys(item: unknown, depth: number, max: number): number {
  if (typeof item === 'number') return Number.isInteger(item) && !Number.isSafeInteger(item) ? -1 : 0;
  if (item === null || typeof item !== 'object') return 0;
  return countKeys(item, depth + 1, max);
}

function countColons(text: string): number {
  let count = 0;
  for (let at = text.indexOf(':'); at !== -1; at = text.indexOf(':', at + 1)) count++;
  return count;
}

/** Issues in `text` (valid JSON) and the depth it nests to, in one pass. */
export function scanJsonTextDepth(text: string): JsonTextScan {
  let issues = NO_ISSUES;
  let top = -1;
  let depth = 0;
  keys.length = 0;
  const end = text.length;
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const start = i;
      i = closingQuote(text, i);
      if (top >= 0 && frameExpectsKey[top] === true) {
        frameExpectsKey[top] = false;
        const raw = text.slice(start + 1, i);
        const key = raw.includes('\\') ? (JSON.parse(text.slice(start, i + 1)) as string) : raw;
        if (addKey(top, key)) continue;
        if (issues === NO_ISSUES) issues = [];
        issues.push({ kind: 'duplicate_key', offset: start, key });
      }
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      top++;
      if (top + 1 > depth) depth = top + 1;
      const isObject = c === 123;
      frameKeysFrom[top] = isObject ? keys.length : -1;
      frameExpectsKey[top] = isObject;
      frameSets[top] = undefined;
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      if (top >= 0) {
        const from = frameKeysFrom[top] as number;
        if (from >= 0) keys.length = from;
        frameSets[top] = undefined;
        top--;
      }
    } else if (c === 44 /* , */) {
      if (top >= 0 && (frameKeysFrom[top] as number) >= 0) frameExpectsKey[top] = true;
    } else if (c === 45 /* - */ || (c >= 48 && c <= 57)) {
      const start = i;
      let integer = true;
      while (i + 1 < end && isNumberChar(text.charCodeAt(i + 1))) {
        i++;
        const d = text.charCodeAt(i);
        if (d === 46 || d === 101 || d === 69) integer = false;
      }
      // 16+ characters before an integer can leave the exact range (2^53 has 16 digits).
      if (integer && i - start >= 15) {
        const literal = text.slice(start, i + 1);
        const read = String(Number(literal));
        if (!Number.isSafeInteger(Number(literal)) && BigInt(literal).toString() !== read) {
          if (issues === NO_ISSUES) issues = [];
          issues.push({ kind: 'imprecise_integer', offset: start, literal, read });
        }
      }
    }
  }
  keys.length = 0;
  frameSets.length = 0;
  return { issues, depth };
}

/** The index of the quote that closes the string opening at `open` (the end of text if none). */
function closingQuote(text: string, open: number): number {
  let at = text.indexOf('"', open + 1);
  while (at !== -1) {
    // A quote preceded by an odd number of backslashes is escaped.
    let slashes = 0;
    while (text.charCodeAt(at - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return at;
    at = text.indexOf('"', at + 1);
  }
  return text.length;
}

/** Records `key` in the object at frame `top`; false when the object already has it. */
function addKey(top: number, key: string): boolean {
  const set = frameSets[top];
  if (set !== undefined) {
    if (set.has(key)) return false;
    set.add(key);
    return true;
  }
  const from = frameKeysFrom[top] as number;
  for (let k = from; k < keys.length; k++) if (keys[k] === key) return false;
  keys.push(key);
  if (keys.length - from > LINEAR_KEYS) frameSets[top] = new Set(keys.slice(from));
  return true;
}

function isNumberChar(c: number): boolean {
  return (c >= 48 && c <= 57) || c === 46 || c === 101 || c === 69 || c === 43 || c === 45;
}
