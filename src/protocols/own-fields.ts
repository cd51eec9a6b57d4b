/**
 * JMESPath field lookups that read only a document's own keys, for the binding's extraction and an
 * http agent's `response:` path. The library reads `value[name]`, so `output.constructor` of a
 * reply without that key gave Object's function (and `__proto__` Object.prototype) instead of null
 * — a document that extracted and scored as if the agent had said something (QA41). Only an
 * expression that names such a key pays for the guard: the document is read through
 * prototype-less copies of its objects.
 */

/** True when the expression's AST names a field that every plain object inherits. */
export function namesInheritedField(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(namesInheritedField);
  if (node === null || typeof node !== 'object') return false;
  const { type, name } = node as { type?: unknown; name?: unknown };
  if (type === 'Field' && typeof name === 'string' && name in Object.prototype) return true;
  return Object.values(node).some(namesInheritedField);
}

/** A copy of a JSON document whose objects have no prototype (arrays and scalars as they are). */
export function withOwnFieldsOnly(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withOwnFieldsOnly);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, item] of Object.entries(value)) out[key] = withOwnFieldsOnly(item);
  return out;
}
