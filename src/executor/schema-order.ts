/**
 * Whether two JSON Schemas differ only in the order of list items, and where. JSON Schema's
 * `required`, `enum` and `type` lists are sets, but the RAIP digest (sha256 of the JCS form,
 * raip.md) keeps array order: an agent that builds `required` from a Python `set` publishes a new
 * order, and so a new digest, at every restart. The drift message then says so (QA24 E3). Other
 * lists (`prefixItems`, a tuple's `items`, `const` and `default` values) are positional: another
 * order there is another schema (QA28).
 */

/** The paths (`properties.q.enum`, `required`) of lists whose items are the same in another order; undefined when the schemas differ otherwise. */
export function reorderedLists(a: unknown, b: unknown, path = '', setLike = false): string[] | undefined {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return undefined;
    const inOrder: string[] = [];
    let same = true;
    for (let i = 0; i < a.length; i++) {
      const found = reorderedLists(a[i], b[i], `${path}[${i}]`);
      if (found === undefined) same = false;
      else inOrder.push(...found);
    }
    if (same) return inOrder;
    // A positional list (see the module header) in another order is another schema.
    if (!setLike) return undefined;
    const sortedA = a.map(canonical).sort();
    const sortedB = b.map(canonical).sort();
    return sortedA.every((x, i) => x === sortedB[i]) ? [path || '(root)'] : undefined;
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return undefined;
    const out: string[] = [];
    for (const key of keys) {
      if (!Object.hasOwn(b, key)) return undefined;
      const found = reorderedLists(a[key], b[key], path ? `${path}.${key}` : key, SET_KEYWORDS.has(key));
      if (found === undefined) return undefined;
      out.push(...found);
    }
    return out;
  }
  return Object.is(a, b) ? [] : undefined;
}

/** JSON Schema keywords whose lists are sets: their order means nothing, yet it enters the digest. */
const SET_KEYWORDS = new Set(['required', 'enum', 'type', 'allOf', 'anyOf', 'oneOf']);

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A value's JSON with object keys sorted and lists sorted (for comparing lists as multisets). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).sort().join(',')}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}
