/**
 * A draft-04 (or draft-03) RAIP `inputSchema` rewritten in draft-06's words, so that Ajv's draft-07
 * mode reads it (QA134): Ajv has no draft-04 mode, and refused at compile the keywords whose form
 * changed, which every ordinary draft-04 schema may hold:
 *   - `id` (a schema's URI) → `$id`, where Ajv threw `NOT SUPPORTED: keyword "id"`;
 *   - a boolean `exclusiveMinimum`/`exclusiveMaximum` beside `minimum`/`maximum` → the number
 *     draft-06 writes (`minimum: 0, exclusiveMinimum: true` → `exclusiveMinimum: 0`), `false` →
 *     left out; Ajv threw `exclusiveMinimum value must be ["number"]` even for a `false`;
 *   - draft-03's boolean `required` of a property → the parent's `required` list, its
 *     `divisibleBy` → `multipleOf`, and its `type: "any"` (alone or in a list) → no `type`.
 * Only schema positions are rewritten (a property named `id` or a `default` holding one is kept).
 * The published schema is not changed: its digest is still computed on what the agent sent.
 */

type Json = unknown;

/** Keywords whose value is a schema, an array of schemas, or a map of schemas. */
const ONE = [
  'additionalItems',
  'additionalProperties',
  'not',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
];
const MANY = ['allOf', 'anyOf', 'oneOf'];
const MAP = ['properties', 'patternProperties', 'definitions', '$defs'];

export function fromDraft04(schema: Json): Json {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const out: Record<string, Json> = { ...(schema as Record<string, Json>) };
  const requiredNames = requiredOfProperties(out.properties);
  if (typeof out.required === 'boolean') delete out.required;
  if (typeof out.id === 'string') {
    if (out.$id === undefined) out.$id = out.id;
    delete out.id;
  }
  exclusiveBound(out, 'exclusiveMinimum', 'minimum');
  exclusiveBound(out, 'exclusiveMaximum', 'maximum');
  if (out.type === 'any' || (Array.isArray(out.type) && out.type.includes('any'))) delete out.type;
  if (typeof out.divisibleBy === 'number' && out.multipleOf === undefined) {
    out.multipleOf = out.divisibleBy;
    delete out.divisibleBy;
  }
  for (const key of ONE) if (key in out) out[key] = fromDraft04(out[key]);
  for (const key of MANY) if (Array.isArray(out[key])) out[key] = (out[key] as Json[]).map(fromDraft04);
  for (const key of [...MAP, 'dependencies']) {
    const map = out[key];
    if (typeof map !== 'object' || map === null || Array.isArray(map)) continue;
    const next: Record<string, Json> = {};
    for (const [name, sub] of Object.entries(map)) next[name] = Array.isArray(sub) ? sub : fromDraft04(sub);
    out[key] = next;
  }
  if (Array.isArray(out.items)) out.items = out.items.map(fromDraft04);
  else if ('items' in out) out.items = fromDraft04(out.items);
  if (Array.isArray(out.extends)) out.extends = out.extends.map(fromDraft04);
  else if ('extends' in out) out.extends = fromDraft04(out.extends);
  if (requiredNames.length > 0) {
    const listed = Array.isArray(out.required) ? (out.required as Json[]) : [];
    out.required = [...listed, ...requiredNames.filter((name) => !listed.includes(name))];
  }
  return out;
}

/** Draft-04's `minimum: n, exclusiveMinimum: true` → draft-06's `exclusiveMinimum: n`. */
function exclusiveBound(schema: Record<string, Json>, exclusive: string, bound: string): void {
  if (typeof schema[exclusive] !== 'boolean') return;
  const on = schema[exclusive] === true;
  delete schema[exclusive];
  if (on && typeof schema[bound] === 'number') {
    schema[exclusive] = schema[bound];
    delete schema[bound];
  }
}

/** Draft-03's `properties: { q: { required: true } }`: the names that go to `required: ["q"]`. */
function requiredOfProperties(properties: Json): string[] {
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return [];
  return Object.entries(properties as Record<string, Json>)
    .filter(
      ([, sub]) => typeof sub === 'object' && sub !== null && (sub as { required?: Json }).required === true,
    )
    .map(([name]) => name);
}
