/**
 * The hint of a key written twice in one mapping (EVALC_YAML_DUPLICATE_KEY). 'keep one `agents` or
 * merge the two' of two `agents:` that hold other agents read as if either would do: kept as told,
 * one set of agents was gone (QA206). Two mappings or lists that each hold entries the other lacks
 * are told to be merged, naming what only one holds; any other pair still reads 'keep one'.
 */
import { type Document, isAlias, isNode } from 'yaml';

/** Keys whose mapping holds entries the user names (an agent `a1`, a header), not a plan's own fields. */
const NAMED = new Set([
  'agents',
  'judges',
  'rubrics',
  'tasks',
  'datasets',
  'bindings',
  'headers',
  'env',
  'vars',
]);
/** Keys whose entries are each one agent, judge, task…: `a1:` written twice may be two of them. */
const ENTRIES = new Set(['agents', 'judges', 'rubrics', 'tasks', 'datasets']);

/**
 * The hint of `key` written again, its first value `first` and this one `again` (YAML nodes), in the
 * mapping of `parent` (`agents` for an `a1:`).
 */
export function duplicateKeyHint(
  key: string,
  first: unknown,
  again: unknown,
  doc: Document.Parsed,
  parent?: string,
): string {
  const a = plain(first, doc);
  const b = plain(again, doc);
  // Two texts or numbers cannot be merged, and a plan's own field (`run`'s repeats, a model) cannot
  // be renamed: 'keep one `repeats` or merge the two (rename one if it is another entry)' (QA222).
  // An entry the user names (an agent `a1`, a header) may be another one under its own name.
  const mergeable = (isMapping(a) && isMapping(b)) || (Array.isArray(a) && Array.isArray(b));
  const renamable = parent !== undefined && NAMED.has(parent);
  const keepOne = `keep one \`${key}\`${mergeable ? ' or merge the two' : ''}${renamable ? ' (rename one if it is another entry)' : ''}`;
  const merge = `merge the two: put what both hold under one \`${key}\``;
  // One left empty (`agents:` with nothing under it) holds nothing to keep: 'keep one' could keep it.
  if (isEmpty(a) !== isEmpty(b))
    return `${isEmpty(a) ? 'the first' : 'this one'} is empty: remove it, and keep the other \`${key}\``;
  // The same value twice (a `metrics:` copied whole) loses nothing either way: 'keep one or merge the
  // two (rename one if it is another entry)' read as if they differed (QA213).
  if (a !== undefined && !isEmpty(a) && same(a, b)) return `this one is the same as the first: remove it`;
  if (Array.isArray(a) && Array.isArray(b)) {
    const onlyFirst = a.filter((item) => !b.some((other) => same(item, other))).length;
    const onlySecond = b.filter((item) => !a.some((other) => same(item, other))).length;
    if (onlyFirst === 0 && onlySecond === 0) return keepOne;
    // Written twice, an item in both reads 'metric `contains` appears twice'.
    const shared = a.length - onlyFirst;
    const once = shared > 0 ? `; ${items(shared)} in both: write ${shared === 1 ? 'it' : 'them'} once` : '';
    // A metric of one type set otherwise in each (`contains` of two `expected`): merged as told, it read
    // 'metric `contains` appears twice' (QA213), as a misspelt `metrcs:` did (QA191).
    const named = sameNamed(a, b);
    const otherwise =
      named.length > 0
        ? `; ${names(named)} ${named.length === 1 ? 'is' : 'are'} in both, set otherwise: keep the one you mean, or give one its own \`id:\``
        : '';
    return `${merge} (${only(onlyFirst > 0 ? items(onlyFirst) : '', onlySecond > 0 ? items(onlySecond) : '')}${once}${otherwise})`;
  }
  if (!isMapping(a) || !isMapping(b)) return keepOne;
  const onlyFirst = Object.keys(a).filter((k) => !Object.hasOwn(b, k));
  const onlySecond = Object.keys(b).filter((k) => !Object.hasOwn(a, k));
  // Neither with an entry of its own is one entry written twice (an agent `a1:` set two ways): keep one.
  if (onlyFirst.length === 0 && onlySecond.length === 0) return keepOne;
  const clash = Object.keys(a).filter((k) => Object.hasOwn(b, k) && !same(a[k], b[k]));
  // An agent `a1:` written twice with its url set two ways may be two agents (QA213: merged as told,
  // the second agent was gone): rename one, or keep the one meant.
  if (clash.length > 0 && parent !== undefined && ENTRIES.has(parent)) return keepOne;
  // A field set two ways (`run:`'s repeats, an agent's url) cannot be renamed: keep the one meant.
  const rename = NAMED.has(key) ? ', or rename one if they are two entries' : '';
  const alike = Object.keys(a).filter((k) => Object.hasOwn(b, k) && same(a[k], b[k]));
  const both = [
    alike.length > 0
      ? `; ${names(alike)} ${alike.length === 1 ? 'is' : 'are'} in both: write ${alike.length === 1 ? 'it' : 'them'} once`
      : '',
    clash.length > 0
      ? `; ${names(clash)} ${clash.length === 1 ? 'is' : 'are'} under both, set otherwise: keep the one you mean${rename}`
      : '',
  ].join('');
  return `${merge} (${only(names(onlyFirst), names(onlySecond))}${both})`;
}

/**
 * 'only the first holds a1, only this one a2': what keeping one of them would drop. 'This one' is the
 * copy the diagnostic is said at: a third `agents:` is compared with the first, not the second.
 */
function only(first: string, second: string): string {
  if (first === '') return `only this one holds ${second}`;
  if (second === '') return `only the first holds ${first}`;
  return `only the first holds ${first}, only this one ${second}`;
}

/** The names (`id`, else `type`) of an item of `b` not in `a` that an item of `a` has too, each once. */
function sameNamed(a: unknown[], b: unknown[]): string[] {
  const nameOf = (item: unknown) =>
    isMapping(item) ? [item.id, item.type].find((v): v is string => typeof v === 'string') : undefined;
  const taken = new Set(a.map(nameOf));
  const fresh = b.filter((item) => !a.some((other) => same(item, other))).map(nameOf);
  return [...new Set(fresh)].filter((n): n is string => n !== undefined && taken.has(n));
}

function items(n: number): string {
  return `${n} item${n === 1 ? '' : 's'}`;
}

function names(keys: string[]): string {
  if (keys.length === 0) return '';
  return `${keys.slice(0, 3).join(', ')}${keys.length > 3 ? `, … ${keys.length} in all` : ''}`;
}

/** The data of a YAML node (an alias read as its anchor's value); undefined when it cannot be read. */
function plain(node: unknown, doc: Document.Parsed): unknown {
  try {
    const target = isAlias(node) ? node.resolve(doc) : node;
    return isNode(target) ? target.toJS(doc, { maxAliasCount: 100 }) : target;
  } catch {
    return undefined;
  }
}

/** Equal as data, a mapping's keys in any order. */
function same(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

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

/** Nothing written (`agents:`), or an empty text, list or mapping. */
function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  return Array.isArray(value) ? value.length === 0 : isMapping(value) && Object.keys(value).length === 0;
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
