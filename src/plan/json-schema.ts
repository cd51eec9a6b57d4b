/** JSON Schema of the plan language, generated from the zod definitions (zod 4's own generator). */
import { z } from 'zod';
import { planSchema } from './schema.js';

export function planJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(planSchema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as Record<string, unknown>;
  return {
    ...schema,
    $id: 'https://evalc.dev/schemas/evalc.schema.json',
    title: 'evalc plan (language v1)',
    description:
      'An evalc evaluation plan: benchmark, agents, judges, rubrics, tasks, metrics, run settings and gates.',
  };
}
