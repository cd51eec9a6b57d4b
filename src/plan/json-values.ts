/**
 * Plans and datasets are JSON data: YAML can also express `.inf`, `.nan` and strings with lone
 * UTF-16 surrogates, which have no RFC 8785 form and so cannot be hashed into a content key.
 * They are found here, reported as diagnostics, and replaced by null so checking can go on.
 */
import type { PlanPath } from './diagnostic.js';

export interface NonJsonValue {
  path: PlanPath;
  reason: string;
}

/** Every non-JSON leaf under `value`; with `replace`, each is set to null in place. */
export function findNonJsonValues(value: unknown, replace = false, path: PlanPath = []): NonJsonValue[] {
  const out: NonJsonValue[] = [];
  visit(value, path, out, replace);
  return out;
}

function visit(value: unknown, path: PlanPath, out: NonJsonValue[], replace: boolean): unknown {
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return value;
    out.push({ path, reason: `${String(value)} is not a JSON number` });
    return null;
  }
  if (typeof value === 'string') {
    if (!hasLoneSurrogate(value)) return value;
    out.push({ path, reason: 'the string holds a lone UTF-16 surrogate' });
    return null;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      const fixed = visit(item, [...path, i], out, replace);
      if (replace && fixed !== item) value[i] = fixed;
    });
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const [key, item] of Object.entries(record)) {
      if (hasLoneSurrogate(key))
        out.push({ path: [...path, key], reason: 'the key holds a lone UTF-16 surrogate' });
      const fixed = visit(item, [...path, key], out, replace);
      if (replace && fixed !== item) record[key] = fixed;
    }
  }
  return value;
}

function hasLoneSurrogate(text: string): boolean {
  return /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}
