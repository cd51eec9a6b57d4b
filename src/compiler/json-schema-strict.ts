/**
 * zod's JSON Schema generator writes a union of primitive types as one node with a type list
 * (`{"type": ["string", "number"], "pattern": …, "exclusiveMinimum": 0}`: a duration), which Ajv's
 * `strict` mode refuses (strictTypes: "use allowUnionTypes"). Each such node becomes an `anyOf` of
 * one alternative per type, holding the keywords that apply to that type, the others (description,
 * default, enum) left beside it: the same values pass (QA89).
 */

type JsonSchema = Record<string, unknown>;

const TYPE_KEYWORDS: Record<string, readonly string[]> = {
  string: ['pattern', 'minLength', 'maxLength', 'format', 'contentEncoding', 'contentMediaType'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  array: [
    'items',
    'prefixItems',
    'contains',
    'minItems',
    'maxItems',
    'uniqueItems',
    'minContains',
    'maxContains',
  ],
  object: [
    'properties',
    'required',
    'additionalProperties',
    'patternProperties',
    'propertyNames',
    'minProperties',
    'maxProperties',
    'dependentRequired',
  ],
};

/** A copy of `node` with every type list split into an `anyOf` of one type each. */
export function withoutUnionTypes(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutUnionTypes);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node))
    out[k] = k === 'const' || k === 'enum' || k === 'default' ? v : withoutUnionTypes(v);
  const types = out.type;
  if (!Array.isArray(types) || out.anyOf !== undefined) return out;
  const typed = new Set(types.flatMap((t) => TYPE_KEYWORDS[String(t)] ?? []));
  const shared: JsonSchema = {};
  for (const [k, v] of Object.entries(out)) if (k !== 'type' && !typed.has(k)) shared[k] = v;
  const anyOf = types.map((t) => {
    const alternative: JsonSchema = { type: t };
    for (const k of TYPE_KEYWORDS[String(t)] ?? []) if (out[k] !== undefined) alternative[k] = out[k];
    return alternative;
  });
  return { ...shared, anyOf };
}
