/**
 * A GET input object as a query string: keys sorted (deterministic URLs), primitives as text,
 * arrays of primitives as repeated keys, nested objects and arrays as JSON text, null/undefined
 * skipped.
 */
import { wireJson } from '../canonical-json.js';

export function appendQuery(url: string, input: Record<string, unknown>): string {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return url; // the transport reports the invalid URL
  }
  for (const key of Object.keys(input).sort()) {
    const value = input[key];
    if (value === null || value === undefined) continue;
    if (Array.isArray(value) && value.every(isPrimitive)) {
      for (const item of value) target.searchParams.append(key, String(item));
    } else {
      target.searchParams.append(key, isPrimitive(value) ? String(value) : wireJson(value));
    }
  }
  return target.toString();
}

function isPrimitive(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}
