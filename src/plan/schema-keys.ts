/**
 * The keys a mapping of the plan may have, read off the zod schema at its path (for "did you
 * mean"): wrappers (optional, default, pipe, lazy…) are looked through, a record gives its values'
 * schema, a list its items', and a union the options whose literal fields (an agent's or a judge's
 * `protocol`) the value matches, else that share the most keys with it. Also a metric's parameters
 * (a checkpoint's `argumnets`). QA121: a mapping the hint did not know (prices.m1, judges.j,
 * agents.a.limits, rubrics.r) was offered its own keys — `ouput` beside `input: 1` read "did you
 * mean `input`?", the key already set — or nothing.
 */
import type { z } from 'zod';

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  valueType?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
  values?: unknown[];
};

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

/** The object, record and array schemas a schema stands for, wrappers looked through. */
function unwrap(schema: z.ZodType, value: unknown, depth = 0): z.ZodType[] {
  if (depth > 20) return [];
  const def = defOf(schema);
  const inner = def.innerType ?? def.in ?? (def.type === 'lazy' ? def.getter?.() : undefined);
  if (inner) return unwrap(inner, value, depth + 1);
  if (def.type === 'union' && def.options) {
    const all = def.options.flatMap((o) => unwrap(o, value, depth + 1));
    const matching = all.filter((o) => literalsMatch(o, value));
    return closest(matching.length > 0 ? matching : all, value);
  }
  if (def.type === 'intersection' && def.left && def.right)
    return [...unwrap(def.left, value, depth + 1), ...unwrap(def.right, value, depth + 1)];
  return ['object', 'record', 'array'].includes(def.type) ? [schema] : [];
}

/** The object options sharing the most keys with the value (a checkpoint `{tool, argumnets}`: the tool form). */
function closest(options: z.ZodType[], value: unknown): z.ZodType[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return options;
  const keys = Object.keys(value);
  const shared = options.map((o) => keys.filter((k) => defOf(o).shape?.[k] !== undefined).length);
  const best = Math.max(0, ...shared);
  return best === 0 ? options : options.filter((_, i) => shared[i] === best);
}

/** Whether a value agrees with an object schema's literal fields (`protocol: mae`). */
function literalsMatch(schema: z.ZodType, value: unknown): boolean {
  const shape = defOf(schema).shape;
  if (!shape || value === null || typeof value !== 'object') return true;
  for (const [key, field] of Object.entries(shape)) {
    const def = defOf(field);
    if (def.type !== 'literal' || !def.values) continue;
    const actual = (value as Record<string, unknown>)[key];
    if (actual !== undefined && !def.values.includes(actual)) return false;
  }
  return true;
}

function child(raw: unknown, key: string | number): unknown {
  return raw !== null && typeof raw === 'object'
    ? (raw as Record<string, unknown>)[key as string]
    : undefined;
}

/** The schema of an object's field, a record's values or a list's items at `segment`. */
function childSchema(schema: z.ZodType, segment: string | number): z.ZodType | undefined {
  const def = defOf(schema);
  if (def.type === 'object') return def.shape?.[String(segment)];
  if (def.type === 'record') return def.valueType;
  return def.type === 'array' ? def.element : undefined;
}

/** The keys the schema allows for the mapping at `path` of `raw`; none when it is not an object there. */
export function schemaKeysAt(root: z.ZodType, raw: unknown, path: readonly (string | number)[]): string[] {
  let schemas = unwrap(root, raw);
  let value = raw;
  for (const segment of path) {
    value = child(value, segment);
    const next: z.ZodType[] = [];
    for (const s of schemas) {
      const sub = childSchema(s, segment);
      if (sub) next.push(...unwrap(sub, value));
    }
    schemas = next;
  }
  return [...new Set(schemas.flatMap((s) => Object.keys(defOf(s).shape ?? {})))];
}

/** A schema with its wrappers (optional, default, pipe, lazy…) looked through, unions kept. */
function peel(schema: z.ZodType, depth = 0): z.ZodType {
  const def = defOf(schema);
  const inner = def.innerType ?? def.in ?? (def.type === 'lazy' ? def.getter?.() : undefined);
  return inner && depth < 20 ? peel(inner, depth + 1) : schema;
}

/**
 * The forms a value at `path` may take when the schema there is a union (a checkpoint: a string,
 * `{ tool, arguments? }`, `{ phrase }`…), each in words; undefined elsewhere. QA125: a checkpoint
 * matching none (`{ phrse: done }`, `{ phrase: done, tool: refund }`) read "Invalid input", no more.
 */
export function unionFormsAt(
  root: z.ZodType,
  path: readonly (string | number)[],
): { forms: string[]; keys: string[] } | undefined {
  let schema: z.ZodType | undefined = peel(root);
  for (const segment of path) {
    if (!schema) return undefined;
    const sub = childSchema(schema, segment);
    schema = sub ? peel(sub) : undefined;
  }
  const def = schema ? defOf(schema) : undefined;
  if (def?.type !== 'union' || !def.options) return undefined;
  const keys = new Set<string>();
  const forms = def.options.map((option) => {
    const o = defOf(peel(option));
    if (o.type !== 'object' || !o.shape) return `a ${o.type}`;
    const fields = Object.entries(o.shape).map(([key, field]) => {
      keys.add(key);
      return defOf(field).type === 'optional' ? `${key}?` : key;
    });
    return `{ ${fields.join(', ')} }`;
  });
  return { forms, keys: [...keys] };
}
