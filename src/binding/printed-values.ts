/**
 * The context a text template renders against: a copy whose objects and lists have no prototype
 * (`'constructor' in item` is false, so strict Handlebars says it is not defined, QA48) and know
 * their path. Handlebars prints an object placed in text as `[object Object]`; each copy notes,
 * when it is printed, where it was, so that the render fails naming it (`Answer: {{candidate.obj}}`
 * sent a judge `Answer: [object Object]`, QA333). A list of scalars prints as Handlebars prints it.
 * A proxy (validate's stand-in for a candidate value) is kept as it is: it prints as it says.
 * The value itself is never changed.
 */
import { types } from 'node:util';

/** A value a text template printed that has no text form. */
export interface PrintedValue {
  /** Its path from the context, as a template names it: `candidate.obj`, `items.[0]`, `this`. */
  path: string;
  /** Of a list: its first item that is an object or a list, which makes it unprintable. */
  held?: { index: number; list: boolean };
}

/**
 * A list whose items are all scalars (text, numbers, booleans, null) prints as Handlebars prints
 * it, its items joined by commas (`Tags: {{tags}}` → `Tags: a,b`): templates are Handlebars
 * (DESIGN.md), and a plan that printed one so keeps rendering byte for byte (QA344). A list that
 * holds an object or a list prints `[object Object]` or flattens: that one is unprintable.
 */
function firstHeld(list: readonly unknown[]): PrintedValue['held'] {
  const index = list.findIndex((item) => item !== null && typeof item === 'object');
  return index < 0 ? undefined : { index, list: Array.isArray(list[index]) };
}

/**
 * `value` seen as a copy whose objects and lists note themselves in `printed` when made text (and
 * stand there as a mark, `printedIn`), a list of scalars excepted: a
 * view (a proxy) of it that shows its own members only, each seen so in turn when read (a copy
 * of a whole context of 200 documents made each render 70 times slower).
 */
export function printableCopy(value: unknown, printed: PrintedValue[], path = ''): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (types.isProxy(value)) {
    const said = objectStandIns.get(value);
    if (said === undefined) return value;
    return new Proxy(value, {
      get: (target, key, receiver) =>
        key === Symbol.toPrimitive
          ? () => mark(printed.push({ path: said }) - 1)
          : Reflect.get(target, key, receiver),
    });
  }
  const list = Array.isArray(value);
  const seen = new Map<string, unknown>();
  const member = (target: object, key: string): unknown => {
    if (!seen.has(key))
      seen.set(key, printableCopy((target as Record<string, unknown>)[key], printed, below(path, key)));
    return seen.get(key);
  };
  return new Proxy(value, {
    get: (target, key) => {
      if (key === Symbol.toPrimitive)
        return () => {
          const held = list ? firstHeld(target as unknown[]) : undefined;
          if (list && held === undefined) return Array.prototype.join.call(target);
          printed.push({ path: path === '' ? 'this' : path, ...(held === undefined ? {} : { held }) });
          return mark(printed.length - 1);
        };
      if (typeof key === 'symbol') return undefined;
      // a list's `length`, as any member a proxy must show as it is (not configurable), is shown so
      const own = Reflect.getOwnPropertyDescriptor(target, key);
      if (own === undefined) return undefined;
      return own.configurable ? member(target, key) : Reflect.get(target, key);
    },
    has: (target, key) => typeof key === 'string' && Object.hasOwn(target, key),
    getOwnPropertyDescriptor: (target, key) => {
      const own = Reflect.getOwnPropertyDescriptor(target, key);
      if (own === undefined || typeof key === 'symbol' || !own.configurable || !('value' in own)) return own;
      return { ...own, value: member(target, key) };
    },
    getPrototypeOf: () => null,
  });
}

/** validate's stand-ins (proxies) of a value that is always an object, by the path that names it. */
const objectStandIns = new WeakMap<object, string>();

/** `standIn` (a proxy of unknown value) as one that is an object, printed in text as `path` is. */
export function objectStandIn(standIn: object, path: string): object {
  const object = new Proxy(standIn, {});
  objectStandIns.set(object, path);
  return object;
}

/**
 * The first value the text holds the mark of. Handlebars makes a value text not only to print it:
 * a block's program compares its context with the one around it (`context != depths[0]`, when the
 * template reads `../`), which turns the outer object into text too; only a mark found in the
 * rendered text was printed (`{{#with user}}{{#each tags}}{{../name}}{{/each}}{{/with}}`, QA344).
 */
export function printedIn(text: string, printed: readonly PrintedValue[]): PrintedValue | undefined {
  return printed.find((_, i) => text.includes(mark(i)));
}

/** What stands in the text for the i-th value so made text: no data holds a NUL-fenced mark. */
function mark(i: number): string {
  return `\u0000evalc-printed-${i}\u0000`;
}

/** What a render that printed such a value says, with what to write instead. */
export function printedValueMessage({ path, held }: PrintedValue): string {
  if (held !== undefined) {
    const item = `"${below(path === 'this' ? '' : path, String(held.index))}"`;
    const printsAs = held.list
      ? `a list (${item}), which text prints flattened, its items joined by commas`
      : `an object (${item}), which text prints as [object Object]`;
    return `"${path}" is a list holding ${printsAs}: write {{json ${path}}} for its JSON, or {{#each ${path}}}…{{/each}} for its items`;
  }
  return `"${path}" is an object, which text prints as [object Object]: write {{json ${path}}} for its JSON, or {{${path === 'this' ? '' : `${path}.`}FIELD}} for one of its fields`;
}

function below(path: string, key: string): string {
  // `items.[0]`: Handlebars reads no bare number as a path segment
  const segment = /^[A-Za-z_$][\w$-]*$/.test(key) ? key : `[${key}]`;
  return path === '' ? segment : `${path}.${segment}`;
}
