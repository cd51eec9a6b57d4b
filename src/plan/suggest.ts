/** "Did you mean …?" hints: the closest candidate by edit distance. */
export function levenshtein(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length]!;
}

export function suggest(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const d = levenshtein(name.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  if (best === undefined) return undefined;
  // A candidate that shares no letter in place with the name is no near miss: `of` is not `id`
  // (QA161: "did you mean `id`?" of pass_hat_k's `of`, where the keys it takes helped).
  if (bestDistance >= name.length) return undefined;
  return bestDistance <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}

export function didYouMean(name: string, candidates: Iterable<string>): string | undefined {
  const s = suggest(name, candidates);
  return s === undefined ? undefined : `did you mean \`${s}\`?`;
}

/**
 * The hint of a key unknown in a mapping: the closest key the mapping takes — unless that key is
 * set beside it already, when the unknown key reads as a misspelt copy to remove (QA125: `rsp`
 * beside `rps: 50` read "did you mean `rps`?", a rename that would set `rps` twice). Among keys as
 * close, one not yet set is preferred.
 */
export function unknownKeyHint(
  key: string,
  known: Iterable<string>,
  present: Iterable<string>,
): string | undefined {
  const set = new Set(present);
  const candidates = [...new Set(known)].filter((k) => k !== key);
  const best = suggest(key, candidates);
  if (best === undefined) return undefined;
  const distance = (k: string) => levenshtein(key.toLowerCase(), k.toLowerCase());
  const unset = suggest(
    key,
    candidates.filter((k) => !set.has(k)),
  );
  if (unset !== undefined && distance(unset) <= distance(best)) return `did you mean \`${unset}\`?`;
  return set.has(best)
    ? `\`${best}\` is set already beside it: remove \`${key}\` (a misspelt copy?)`
    : `did you mean \`${best}\`?`;
}

/**
 * The hint of `key`, unknown in the mapping `holder` whose other unknown keys are `unknown`: the key
 * it may have meant (unknownKeyHint), what it holds to move there (movedEntriesHint), and the other
 * unknown keys that read as the same one (sameGuessHint), for a plan's mappings and a metric's
 * parameters alike (QA199: a metric's `checkponts:` and `chekpoints:` were each told `checkpoints`).
 */
export function misspeltKeyHint(
  key: string,
  known: readonly string[],
  holder: unknown,
  unknown: readonly string[],
): string | undefined {
  const present = isMapping(holder) ? Object.keys(holder) : [];
  const guess = unknownKeyHint(key, known, present);
  if (guess === undefined) return besideEmptyEntriesHint(key, present, holder);
  const moved = movedEntriesHint(guess, holder, key);
  return sameGuessHint(
    moved === guess ? moved : alsoMovedNote(moved, guess, key, known, holder, unknown),
    key,
    unknown,
    known,
    holder,
  );
}

/**
 * A key after a `headers:` (or a served process's `env:`) left empty, read as its holder's own key:
 * `authorization: "Bearer …"` written at `headers:`'s column (QA222: 'unknown key `authorization` in
 * agents.a1', no hint). Its value is not repeated: it may be a secret.
 */
function besideEmptyEntriesHint(
  key: string,
  present: readonly string[],
  holder: unknown,
): string | undefined {
  if (!isMapping(holder)) return undefined;
  // `headers: {}` above it too, a placeholder written empty (QA226: no hint): into its braces.
  const braces = (k: string) => isMapping(holder[k]) && Object.keys(holder[k]).length === 0;
  const empty = ['headers', 'env'].find(
    (k) =>
      (holder[k] === null || braces(k)) &&
      present.indexOf(k) !== -1 &&
      present.indexOf(k) < present.indexOf(key),
  );
  if (empty === undefined) return undefined;
  return braces(empty)
    ? `\`${empty}\` above it is \`{}\`: if \`${key}\` is one of its entries, write it in its braces, \`${empty}: { ${key}: … }\``
    : `\`${empty}\` above it is empty: if \`${key}\` is one of its entries, indent it under \`${empty}:\``;
}

/**
 * Two misspelt keys beside the one they both read as (`metircs:` and `metrcs:` by `metrics:`) were each
 * told to move an item both hold: moved as told, it read 'metric `exact_match` appears twice' (QA206).
 * The later one names what an earlier one moves too, to move once.
 */
function alsoMovedNote(
  moved: string | undefined,
  guess: string | undefined,
  key: string,
  known: readonly string[],
  holder: unknown,
  unknown: readonly string[],
): string | undefined {
  const best = /^`([^`]+)` is set already beside it: /.exec(guess ?? '')?.[1];
  if (moved === undefined || best === undefined || !isMapping(holder)) return moved;
  const present = Object.keys(holder);
  const held = holder[key];
  const beside = holder[best];
  const inBeside = (item: unknown) =>
    Array.isArray(beside) && beside.some((b) => canonical(b) === canonical(item));
  for (const other of unknown.slice(0, Math.max(0, unknown.indexOf(key)))) {
    const otherHint = unknownKeyHint(other, known, present);
    if (/^`([^`]+)` is set already beside it: /.exec(otherHint ?? '')?.[1] !== best) continue;
    const theirs = holder[other];
    let both: string[] = [];
    if (Array.isArray(held) && Array.isArray(theirs))
      both = places(
        held,
        held.filter((item) => !inBeside(item) && theirs.some((t) => canonical(t) === canonical(item))),
      ).map((n) => `item ${n}`);
    else if (isMapping(held) && isMapping(theirs))
      both = Object.keys(held).filter(
        (k) => Object.hasOwn(theirs, k) && !(isMapping(beside) && Object.hasOwn(beside, k)),
      );
    if (both.length === 0) continue;
    // An entry set otherwise in each (an agent `a1:` of two urls) is no copy to move once.
    const otherwise =
      isMapping(held) && isMapping(theirs) && both.some((k) => canonical(held[k]) !== canonical(theirs[k]));
    const they = both.length === 1 ? 'it' : 'them';
    return `${moved} (${both.join(', ')} ${both.length === 1 ? 'is' : 'are'} in \`${other}\` too${otherwise ? ', set otherwise: keep the one you mean' : `: move ${they} once`})`;
  }
  return moved;
}

/**
 * "did you mean `agents`?" of two misspelt keys beside each other (`agnets:` and `agenst:`): each
 * renamed as told, the mapping set `agents` twice, and the duplicate's 'keep one' dropped the other's
 * entries (QA199). Each names the other, and to put what both hold under one key ('what all 3 hold'
 * of three: 'what they hold' read as the other two only, QA206).
 */
export function sameGuessHint(
  hint: string | undefined,
  key: string,
  unknown: readonly string[],
  known: Iterable<string>,
  holder: unknown,
): string | undefined {
  const guess = /^did you mean `([^`]+)`\?$/.exec(hint ?? '')?.[1];
  if (guess === undefined || !isMapping(holder)) return hint;
  const candidates = [...known];
  const present = Object.keys(holder);
  const others = unknown.filter((k) => k !== key && unknownKeyHint(k, candidates, present) === hint);
  if (others.length === 0) return hint;
  const many = others.length > 1;
  const named = others.map((k) => `\`${k}\``).join(', ');
  const entries = [key, ...others].some((k) => typeof holder[k] === 'object' && holder[k] !== null);
  return `${hint} (${named} beside it read${many ? '' : 's'} as \`${guess}\` too: ${entries ? `put what ${many ? `all ${others.length + 1}` : 'both'} hold under one \`${guess}\`` : 'keep one'})`;
}

/**
 * "`agents` is set already beside it: remove `agnets`" of a misspelt key holding entries of its own
 * (a mapping or list, as the key beside it does): they move, as removed they left the plan without a
 * word (QA179: agent a2 under `agnets:`, a task's `datsets:`, `limts: { concurrency: 2 }`).
 */
export function movedEntriesHint(hint: string | undefined, holder: unknown, key: string): string | undefined {
  const best = /^`([^`]+)` is set already beside it: /.exec(hint ?? '')?.[1];
  if (best === undefined || !isMapping(holder)) return hint;
  const held = holder[key];
  const beside = holder[best];
  // What the misspelt key holds that the one beside it does not: none, and it reads as a copy. Equal
  // is equal as data, keys in any order (QA187: `{ candidate: a, type: exact_match }` beside
  // `{ type: exact_match, candidate: a }` was told to move, and moved it read 'appears twice').
  const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);
  // One beside it left empty (`metrics:` with nothing after it) holds none of them (QA191: it read
  // 'remove `metrcs` (a misspelt copy?)', and removed, the metrics were gone and `metrics:` null).
  // One of another shape (`agents: []` by `agnets: { a1: … }`, `metrics: {}`) holds none of them
  // either: it read 'remove `agnets` (a misspelt copy?)', and removed, a1 was gone (QA199).
  // An empty text (`timeout: ""`) holds none either (QA213: '`timeout` is set already beside it: remove
  // `timout`' lost its 30s, as a `timeout:` left empty did).
  // A text of spaces alone (`timeout: " "`) too (QA222: it read 'set already', and 30s went as told).
  const empty =
    beside === null ||
    beside === undefined ||
    (typeof beside === 'string' && beside.trim() === '') ||
    isEmptyHolder(beside);
  // A value of its own (a text, a number) beside one left empty (`timeout:` by `timout: 30s`) is no
  // copy either: it read '`timeout` is set already beside it: remove `timout`', and removed, 30s was
  // gone (QA206). The value is not repeated: it may be a secret (a header's).
  if (empty && held !== null && held !== undefined && typeof held !== 'object')
    return `\`${best}\` beside it is empty: move the value of \`${key}\` under \`${best}\``;
  const news = Array.isArray(held)
    ? Array.isArray(beside)
      ? held.filter((item) => !beside.some((b) => same(b, item)))
      : held
    : isMapping(held)
      ? isMapping(beside)
        ? Object.keys(held).filter((k) => !Object.hasOwn(beside, k) || entrySetOtherwise(held[k], beside[k]))
        : Object.keys(held)
      : [];
  if (news.length === 0) return hint;
  const names = (keys: string[]) =>
    `${keys.slice(0, 3).join(', ')}${keys.length > 3 ? `, … ${keys.length} in all` : ''}`;
  const what = Array.isArray(held) ? `${news.length} item${news.length === 1 ? '' : 's'}` : names(news);
  // One set under both, otherwise (QA187: `agnets: { a1: <another url> }` by `agents: { a1 }` read
  // 'remove `agnets` (a misspelt copy?)', and removed, its a1 was gone without a word).
  const both = isMapping(beside) && !Array.isArray(held) ? news.filter((k) => Object.hasOwn(beside, k)) : [];
  // A list item named as one beside it (a metric's `id`, else its `type`): moved, it read 'metric
  // `exact_match` appears twice' (QA191: `metrcs: [{ type: exact_match, expected: b }]`).
  const named = Array.isArray(held) && Array.isArray(beside) ? sharedItemNames(news, beside) : [];
  const otherwise =
    both.length > 0
      ? ` (${names(both)} ${both.length === 1 ? 'is' : 'are'} under both, set otherwise: keep the one you mean)`
      : named.length > 0
        ? ` (${names(named)} ${named.length === 1 ? 'is' : 'are'} in both, set otherwise: keep the one you mean, or give one its own \`id:\`)`
        : '';
  // Beside one left empty the misspelt key is no copy: 'or remove' lost the metrics (QA196).
  if (empty) return `\`${best}\` beside it is empty: move what \`${key}\` holds (${what}) under \`${best}\``;
  // Some of a list's items copies of those beside it: '(1 item)' of two, both moved, read 'metric
  // `exact_match` appears twice' (QA196); the ones to move are named by their place.
  const moved =
    Array.isArray(held) && news.length < held.length
      ? `item${news.length === 1 ? '' : 's'} ${names(places(held, news))} of \`${key}\` (the rest ${held.length - news.length === 1 ? 'is' : 'are'} in \`${best}\` already)`
      : `what \`${key}\` holds (${what})`;
  return `\`${best}\` is set already beside it: move ${moved} under \`${best}\`${otherwise}, or remove \`${key}\` if it is a misspelt copy`;
}

/**
 * The places (from 1) of `items` in `list`, each its own: one alias (`- *m` twice) is one object, and
 * indexOf named its first place twice, 'items 2, 2' (QA199).
 */
function places(list: unknown[], items: unknown[]): string[] {
  return list.flatMap((item, i) => (items.includes(item) ? [String(i + 1)] : []));
}

/** An empty list or mapping (`metrics: []`), which holds none of a misspelt copy's entries. */
function isEmptyHolder(value: unknown): boolean {
  return Array.isArray(value) ? value.length === 0 : isMapping(value) && Object.keys(value).length === 0;
}

/** The names (`id`, else `type`) of `items` that an item of `beside` has too, each once. */
function sharedItemNames(items: unknown[], beside: unknown[]): string[] {
  const nameOf = (item: unknown) =>
    isMapping(item) ? [item.id, item.type].find((v): v is string => typeof v === 'string') : undefined;
  const taken = new Set(beside.map(nameOf));
  return [...new Set(items.map(nameOf))].filter((n): n is string => n !== undefined && taken.has(n));
}

/**
 * Whether an entry under both keys is set otherwise: an agent, a dataset, … (a mapping or list). A
 * scalar set otherwise (`timeout: 30s` by `timout: 5s`, a benchmark's `id`) reads as a misspelt copy,
 * as QA125 chose.
 */
function entrySetOtherwise(held: unknown, beside: unknown): boolean {
  return typeof held === 'object' && held !== null && canonical(held) !== canonical(beside);
}

/** JSON text of `value` with every mapping's keys in order, so key order makes no difference. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    isMapping(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
