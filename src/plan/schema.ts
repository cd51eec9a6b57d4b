/**
 * The plan language v1 (DESIGN.md §2) as zod schemas. `evalc schema` turns these into
 * `schemas/evalc.schema.json`, so every field carries a description.
 *
 * Settings that cannot change a result (limits, serve, headers, timeouts) are grouped so the
 * compiler can keep them out of content keys by construction.
 */
import { z } from 'zod';
import {
  agentSchema,
  type chatAgentSchema,
  type httpAgentSchema,
  judgeLimitsSchema,
  type limitsSchema,
  type maeAgentSchema,
  type openaiAgentSchema,
  type raipAgentSchema,
  serveSchema,
} from './agent-schema.js';
import { headers, httpUrl, id, shellCommand } from './schema-parts.js';
import { MAX_SEED, SEED_RANGE } from './seed-range.js';

export {
  agentSchema,
  chatAgentSchema,
  httpAgentSchema,
  judgeLimitsSchema,
  limitsSchema,
  maeAgentSchema,
  openaiAgentSchema,
  raipAgentSchema,
  serveSchema,
} from './agent-schema.js';

export const judgeSchema = z
  .object({
    protocol: z
      .enum(['agent-eval', 'openai'])
      .describe('agent-eval wire protocol (HTTP, or stdio rpc) or an OpenAI-compatible LLM'),
    url: httpUrl('agent-eval server base URL, or OpenAI-compatible base URL').optional(),
    command: shellCommand.optional().describe('agent-eval over stdio: the command speaking `agent-eval rpc`'),
    rubric: z.string().optional().describe('Rubric name: registered on the server or defined under rubrics:'),
    model: z.string().optional(),
    provider: z.string().optional(),
    temperature: z.number().min(0).max(2).optional(),
    maxTokens: z
      .number()
      .int()
      .positive()
      .optional()
      .describe(
        "openai judge: max_tokens of each call (room for a reasoning model's thoughts and the verdict); default: the server's",
      ),
    headers: headers.optional(),
    serve: serveSchema.optional(),
    limits: judgeLimitsSchema.optional(),
  })
  .strict()
  // For editors, what validate requires (EVALC_JUDGE_CONFIG; QA126): a url or a command, and an
  // openai judge's model.
  .meta({
    anyOf: [
      { required: ['url'], properties: { url: true } },
      { required: ['command'], properties: { command: true } },
    ],
    if: { required: ['protocol'], properties: { protocol: { const: 'openai' } } },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword, not a thenable
    then: { required: ['model'], properties: { model: true } },
  });

export const rubricSchema = z
  .object({
    version: z
      .string()
      .optional()
      .describe(
        'A label for people: not part of rubricVersion (always derived from the content), but changing it re-scores the judge metrics that use the rubric',
      ),
    description: z.string().optional(),
    dimensions: z
      .array(
        z
          .object({
            id,
            description: z.string(),
            weight: z.number().nonnegative().default(1),
          })
          .strict(),
      )
      .min(1),
    failureModes: z.array(z.string()).optional(),
  })
  .strict();

export const bindingSchema = z
  .object({
    input: z
      .unknown()
      .describe(
        'The agent input; string leaves are Handlebars templates over the example (vars.*, id, turns, …)',
      ),
    output: z
      .record(z.string(), z.string())
      .default({})
      .describe('Named candidates: JMESPath expressions over the agent response'),
  })
  .strict();

export const exampleSchema = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String),
    vars: z.record(z.string(), z.unknown()).default({}),
    expected: z.unknown().optional(),
    expected_sha256: z
      .unknown()
      .optional()
      .describe('sha256 of the expected value(s); the answer stays out of the repo'),
    weight: z.number().nonnegative().default(1),
    turns: z.array(z.string()).optional().describe('Scripted user turns (chat) '),
    tools: z
      .unknown()
      .optional()
      .describe('Tool sandbox of the mae loop: { name: { output } } or { name: [{ when, output }] }'),
    policies: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
    human: z.string().optional().describe('Scripted human reply for hitl_pause'),
    human_score: z.number().optional().describe('Human label for judge_agreement'),
    tags: z.array(z.string()).optional(),
  })
  .passthrough();

export const datasetSchema = z
  .object({
    source: z
      .string()
      .optional()
      .describe('jsonl, json, csv or yaml file (relative to this file) or an https:// URL'),
    format: z.enum(['jsonl', 'json', 'csv', 'yaml']).optional().describe('Defaults from the file extension'),
    sha256: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/)
      .optional()
      .describe('Pins the source bytes (hex, any case); a mismatch is an error'),
    examples: z.array(z.unknown()).optional().describe('Inline examples'),
    weight: z.number().nonnegative().default(1),
  })
  .strict()
  // Both: the inline examples were ignored without a word (QA44).
  .superRefine((dataset, ctx) => {
    if (dataset.source !== undefined && dataset.examples !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['examples'],
        message: 'a dataset has source: or examples:, not both (these examples would be ignored)',
      });
  })
  // For editors, the same rule in the JSON Schema: one of the two (QA51: both passed it). Each
  // alternative names its property (`true`: checked above), which Ajv's strictRequired wants (QA89).
  .meta({
    oneOf: [
      { required: ['source'], properties: { source: true } },
      { required: ['examples'], properties: { examples: true } },
    ],
  });

export const metricSchema = z
  .object({
    type: z.string().describe('A metric type (DESIGN.md §4): exact_match, judge, pass_rate, …'),
    // `__proto__` would name the prototype of the maps results are kept in, not a metric: apply
    // crashed scoring the first example ('internal error: … argument must be a string', QA104).
    id: z
      .string()
      .refine(
        (v) => v !== '__proto__',
        'a metric id cannot be `__proto__` (it names no key in a JavaScript map)',
      )
      .optional()
      .describe('Name of this metric in results (default: its type)'),
    threshold: z
      .number()
      .optional()
      .describe('An example passes this metric when its score reaches the threshold'),
    gate: z
      .boolean()
      .optional()
      .describe('Counts toward pass_rate (default: true for scored metrics with a threshold)'),
    weight: z.number().nonnegative().optional(),
  })
  .catchall(z.unknown());

export const taskSchema = z
  .object({
    instructions: z.string().optional(),
    agents: z
      .array(z.string())
      .optional()
      .describe(
        'Agents to run on this task (default: every agent with a binding, or all with a default binding)',
      ),
    bindings: z
      .record(z.string(), bindingSchema)
      .describe('TaskConfig per agent; "default" applies to agents without their own'),
    datasets: z.record(id, datasetSchema),
    metrics: z.array(metricSchema).default([]),
    weight: z.number().nonnegative().default(1),
  })
  .strict();

export const runSchema = z
  .object({
    // 1e9 repeats made `plan` build a billion step keys and hang (QA59 F9): a hard cap, far above
    // what pass@k or a stability estimate needs; run-size-check.ts warns well below it.
    repeats: z
      .number()
      .int()
      .positive()
      .max(10_000, 'must be at most 10000 (each repeat is one invoke step per example and agent)')
      .default(1)
      .describe('Invocations of each example per agent (at most 10000)'),
    preflight: z
      .number()
      .int()
      .min(0)
      .max(5)
      .default(5)
      .describe(
        "Examples validated and invoked first; when every one fails, the rest of that agent's batch is not sent",
      ),
    trace: z.boolean().default(false).describe('Keep raw provider payloads'),
    concurrency: z
      .number()
      .int()
      .positive()
      .default(32)
      .describe(
        'Invocations in flight at once per agent and per judge, the default of each one without its own limits.concurrency (not a cap or a total: its own wins; apply --concurrency caps agents); never part of a content key',
      ),
    // The streams take the seed as 32 bits (prng.ts): 4294967303 drew as 7, −1 as 4294967295, and
    // 9007199254740993 was read as …992 (QA266; `evalc diff --seed` refuses them too, QA262).
    seed: z
      .number()
      // Range first, ending there: int() also says `Too big: expected int` past 2⁵³, a second error.
      .min(0, { error: SEED_RANGE, abort: true })
      .max(MAX_SEED, { error: SEED_RANGE, abort: true })
      .int()
      .default(7)
      .describe('Seed of every random choice (bootstrap, sampling), a whole number from 0 to 4294967295'),
    significance: z
      .number()
      .gt(0)
      .lt(1)
      .default(0.05)
      .describe('Significance level of regression tests against the baseline'),
    bootstrap: z
      .number()
      .int()
      .min(100)
      .max(100000)
      .default(1000)
      .describe('Bootstrap resamples for confidence intervals'),
  })
  .strict();

export const gateSchema = z
  .object({
    metric: z.string(),
    scope: z.enum(['benchmark', 'task', 'dataset', 'example']).default('benchmark'),
    task: z.string().optional(),
    dataset: z.string().optional(),
    agent: z.string().optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    regression: z
      .object({
        max_drop: z.number().nonnegative().default(0),
        significance: z.number().gt(0).lt(1).optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
  // For editors, what validate requires (EVALC_GATE_EMPTY; QA126): a bound.
  .meta({
    anyOf: [
      { required: ['min'], properties: { min: true } },
      { required: ['max'], properties: { max: true } },
      { required: ['regression'], properties: { regression: true } },
    ],
  });

export const priceSchema = z
  .object({
    input: z.number().nonnegative().describe('Price per 1M input tokens'),
    output: z.number().nonnegative().describe('Price per 1M output tokens'),
  })
  .strict();

export const planSchema = z
  .object({
    evalc: z.literal(1).describe('Plan language version'),
    include: z
      .array(z.string())
      .optional()
      .describe('Other YAML files merged into this plan (paths relative to this file)'),
    benchmark: z
      .object({ id, version: z.string().default('0.0.0'), description: z.string().optional() })
      .strict()
      .describe('What this plan measures: an id and a version recorded in the lockfile'),
    agents: z
      .record(id, agentSchema)
      .default({})
      .describe('Agents under evaluation, by id; each is reached over its protocol'),
    judges: z.record(id, judgeSchema).default({}).describe('Judges used by judge metrics, by id'),
    rubrics: z
      .record(id, rubricSchema)
      .default({})
      .describe('Rubrics defined in the plan: weighted dimensions and failure modes'),
    tasks: z
      .record(id, taskSchema)
      .default({})
      .describe('Tasks: how each agent sees the task (bindings), its datasets and its metrics'),
    metrics: z.array(metricSchema).default([]).describe('Applied to every task'),
    prices: z
      .record(z.string(), priceSchema)
      .default({})
      .describe('Token prices per model for the cost metric'),
    run: runSchema.default(runSchema.parse({})).describe('Run settings'),
    gates: z
      .array(gateSchema)
      .default([])
      .describe('Checks evaluated at the end of apply; a failing gate sets exit code 1'),
  })
  .strict();

export type Plan = z.output<typeof planSchema>;
export type AgentConfig = z.output<typeof agentSchema>;
export type RaipAgentConfig = z.output<typeof raipAgentSchema>;
export type ChatAgentConfig = z.output<typeof chatAgentSchema>;
export type MaeAgentConfig = z.output<typeof maeAgentSchema>;
export type OpenaiAgentConfig = z.output<typeof openaiAgentSchema>;
export type HttpAgentConfig = z.output<typeof httpAgentSchema>;
export type JudgeConfig = z.output<typeof judgeSchema>;
export type RubricConfig = z.output<typeof rubricSchema>;
export type TaskConfig = z.output<typeof taskSchema>;
export type BindingConfig = z.output<typeof bindingSchema>;
export type DatasetConfig = z.output<typeof datasetSchema>;
export type ExampleRecord = z.output<typeof exampleSchema>;
export type MetricConfig = z.output<typeof metricSchema>;
export type GateConfig = z.output<typeof gateSchema>;
export type RunConfig = z.output<typeof runSchema>;
export type LimitsConfig = z.output<typeof limitsSchema>;
export type ServeConfig = z.output<typeof serveSchema>;

/**
 * Agent and judge settings that cannot change a result. They are split off by
 * `splitRuntime` before anything is hashed, so they never enter a content key.
 */
export const RUNTIME_KEYS = ['headers', 'serve', 'limits', 'description'] as const;

export function splitRuntime<T extends Record<string, unknown>>(
  config: T,
): { identity: Record<string, unknown>; runtime: Record<string, unknown> } {
  const identity: Record<string, unknown> = {};
  const runtime: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config)) {
    if ((RUNTIME_KEYS as readonly string[]).includes(key)) runtime[key] = value;
    else identity[key] = value;
  }
  return { identity, runtime };
}
