/**
 * JSON Schema of the plan language, generated from the zod definitions (zod 4's own
 * generator). Metric entries become one alternative per registered metric type, with that
 * type's parameters and their descriptions, so editors complete and document them.
 */
import { z } from 'zod';
import { listMetricDefinitions } from '../metrics/index.js';
import { exampleSchema, metricSchema, planSchema } from '../plan/schema.js';
import { withoutUnionTypes } from './json-schema-strict.js';

type JsonSchema = Record<string, unknown>;

// Ajv `strict`-clean (QA89): one type per node.
const toSchema = (schema: z.ZodType): JsonSchema =>
  withoutUnionTypes(
    z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }),
  ) as JsonSchema;

export function planJsonSchema(): JsonSchema {
  // Every plan file may point its editor at this schema (DESIGN §2), included files too, which
  // hold only some sections: nothing is required here. `evalc validate` requires `evalc` and
  // `benchmark` of the root file.
  const { required: _required, ...schema } = toSchema(planSchema);
  const metricItem = metricItemSchema();
  const generic = JSON.stringify(stripMeta(toSchema(metricSchema)));
  return {
    ...withExampleItems(replaceMetricItems(schema, generic, metricItem), exampleItemSchema()),
    $id: 'https://evalc.dev/schemas/evalc.schema.json',
    title: 'evalc plan (language v1)',
    description:
      'An evalc evaluation plan: benchmark, agents, judges, rubrics, tasks, metrics, run settings and gates. The root plan file needs `evalc: 1` and `benchmark`; an included file holds any of the other sections.',
  };
}

/** One alternative per metric type: common fields plus that type's parameters. */
function metricItemSchema(): JsonSchema {
  const common = stripMeta(toSchema(metricSchema)) as { properties: Record<string, JsonSchema> };
  const alternatives = listMetricDefinitions().map((definition) => {
    const params = stripMeta(toSchema(definition.params)) as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    return {
      type: 'object',
      description: `${definition.description} (${definition.category} / ${definition.family}; higher is ${definition.higherIsBetter ? 'better' : 'worse'})`,
      properties: {
        ...common.properties,
        type: { const: definition.type, description: 'Metric type' },
        ...(params.properties ?? {}),
      },
      required: ['type', ...(params.required ?? [])],
      additionalProperties: false,
    };
  });
  return { anyOf: alternatives };
}

function stripMeta(schema: JsonSchema): JsonSchema {
  const { $schema: _s, ...rest } = schema;
  return rest;
}

function replaceMetricItems(node: unknown, generic: string, replacement: JsonSchema): JsonSchema {
  if (Array.isArray(node))
    return node.map((n) => replaceMetricItems(n, generic, replacement)) as unknown as JsonSchema;
  if (node === null || typeof node !== 'object') return node as JsonSchema;
  if (JSON.stringify(node) === generic) return replacement;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) out[k] = replaceMetricItems(v, generic, replacement);
  return out;
}

/**
 * A dataset's inline `examples:` are parsed one by one at compile (EVALC_EXAMPLE_INVALID at the row),
 * so the plan's zod schema holds them as a list of anything; editors get the example's own schema
 * (QA126: `items: {}` accepted an example without an id, or `vars` as a list). Other keys stay
 * allowed, as in dataset files (`category`, `notes`, …).
 */
function exampleItemSchema(): JsonSchema {
  const { additionalProperties: _a, ...item } = stripMeta(toSchema(exampleSchema));
  return item;
}

function withExampleItems(node: unknown, items: JsonSchema): JsonSchema {
  if (Array.isArray(node)) return node.map((n) => withExampleItems(n, items)) as unknown as JsonSchema;
  if (node === null || typeof node !== 'object') return node as JsonSchema;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) out[k] = withExampleItems(v, items);
  if (out.type === 'array' && out.description === 'Inline examples') out.items = items;
  return out;
}
