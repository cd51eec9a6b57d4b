/**
 * The context a text template renders against: a copy whose objects and lists have no prototype
 * (`'constructor' in item` is false, so strict Handlebars says it is not defined, QA48) and know
 * their path. Handlebars prints an object placed in text as `[object Object]` and a list as its
 * items joined by commas; each copy notes, when it is printed, where it was, so that the render
 * fails naming it (`Answer: {{candidate.obj}}` sent a judge `Answer: [object Object]`, QA333).
 * A proxy (validate's stand-in for a candidate value) is kept as it is: it prints as it says.
 * The value itself is never changed.
 */
import { types } from 'node:util';

/** A value a text template printed that has no text form. */
export interface PrintedValue {
  /** Its path from the context, as a template names it: `candidate.obj`, `items.[0]`, `this`. */
  path: string;
  list: boolean;
}

/**
 * `value` seen as a copy whose objects and lists note themselves in `printed` when made text: a
 * view (a proxy) of it that shows its own members only, each seen so in turn when read (a copy
 * of a whole context of 200 documents made each render 70 times slower).
 */
export function printableCopy(value: unknown, printed: PrintedValue[], path = ''): unknown {
  if (value === null || typeof value !== 'object' || types.isProxy(value)) return value;
  const list = Array.isArray(value);
  const seen = new Map<string, unknown>();
  const member = (target: object, key: string): unknown => {
    if (!seen.has(key))
      seen.set(key, printableCopy((target as Record<string, unknown>)[key], printed, below(path, key)));
    return seen.get(key);
  };
  const view: object = new Proxy(value, {
    get: (target, key) => {
      if (key === Symbol.toPrimitive)
        return () => {
          printed.push({ path: path === '' ? 'this' : path, list });
          return list ? Array.prototype.join.call(view) : '[object Object]';
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
  return view;
}

/** What a render that printed such a value says, with what to write instead. */
export function printedValueMessage({ path, list }: PrintedValue): string {
  return list
    ? `"${path}" is a list, which text prints as its items joined by commas: write {{json ${path}}} for its JSON, or {{#each ${path}}}…{{/each}} for its items`
    : `"${path}" is an object, which text prints as [object Object]: write {{json ${path}}} for its JSON, or {{${path === 'this' ? '' : `${path}.`}FIELD}} for one of its fields`;
}

function below(path: string, key: string): string {
  // `items.[0]`: Handlebars reads no bare number as a path segment
  const segment = /^[A-Za-z_$][\w$-]*$/.test(key) ? key : `[${key}]`;
  return path === '' ? segment : `${path}.${segment}`;
}
