/**
 * The plan language v1 (DESIGN.md §2) as zod schemas. `evalc schema` turns these into
 * `schemas/evalc.schema.json`, so every field carries a description.
 *
 * Settings that cannot change a result (limits, serve, headers, timeouts) are grouped so the
 * compiler can keep them out of content keys by construction.
 */
import { z } from 'zod';
import { parseDuration } from './duration.js';

const id = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9_.-]*$/,
    'ids use ASCII letters, digits, "_", "-" and "." and start with a letter or digit',
  );

// Every duration in a plan is a wait or a limit: 0 would time out every request at once.
const duration = z
  .union([z.string(), z.number()])
  .refine((v) => parseDuration(v) !== undefined, { message: 'expected a duration like 30s, 1500ms or 2m' })
  .refine((v) => (parseDuration(v) ?? 1) > 0, { message: 'expected a duration above 0 (like 30s)' })
  .describe('A duration: "30s", "1500ms", "2m", or a number of seconds');

/** A shell command: not empty, not only spaces. */
const shellCommand = z.string().regex(/\S/, 'expected a command, not an empty string');

const headers = z
  .record(z.string(), z.string())
  .describe(
    'HTTP headers sent to the agent. Values may use ${env.NAME}; they are secrets: never hashed, stored or printed',
  );

export const limitsSchema = z
  .object({
    concurrency: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('Invocations in flight at once for this agent (default: run.concurrency)'),
    rps: z
      .number()
      .positive()
      .optional()
      .describe('Requests per second (token bucket); unlimited when absent'),
    timeout: duration.optional().describe('Per-request timeout (default 60s; mae agents 30s)'),
    budget: duration
      .optional()
      .describe(
        'chat: time budget for one whole conversation (the Connexity platform uses 120s); none by default',
      ),
    retries: z
      .number()
      .int()
      .min(0)
      .max(20)
      .optional()
      .describe('Retries of transient failures: 429, 5xx, timeouts, resets (default 3; mae agents 0)'),
  })
  .strict()
  .describe('Runtime limits; never part of a content key');

export const serveSchema = z
  .object({
    command: shellCommand.describe(
      'Shell command that starts the agent; runs in the folder of the plan file that declares it',
    ),
    env: z
      .record(z.string(), z.string())
      .optional()
      .describe('Extra environment variables (may use ${env.NAME})'),
    ready: z
      .object({
        url: z.string().optional().describe('Poll this URL until it answers with a status below 500'),
        line: z.string().optional().describe('Or wait for a stdout line matching this regular expression'),
        timeout: duration.optional().describe('How long to wait (default 15s)'),
      })
      .strict()
      .optional(),
  })
  .strict()
  .describe('Start the agent before the run and stop it afterwards');

const agentCommon = {
  headers: headers.optional(),
  serve: serveSchema.optional(),
  limits: limitsSchema.optional(),
  version: z.string().optional().describe('Declared agent version; changing it re-invokes this agent'),
  description: z.string().optional(),
};

export const raipAgentSchema = z
  .object({
    protocol: z.literal('raip'),
    url: z.string().describe('RAIP base URL: GET {url}/info, POST {url}/invoke'),
    ...agentCommon,
  })
  .strict();

export const chatAgentSchema = z
  .object({
    protocol: z.literal('chat'),
    url: z.string().describe('Connexity endpoint URL, e.g. http://127.0.0.1:7102/agent/respond'),
    replayTools: z
      .boolean()
      .optional()
      .describe(
        "Replay tool messages in the history (the platform's current behaviour); default false (the seed contract)",
      ),
    maxTurns: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('Maximum agent rounds per conversation (default: one per scripted user turn)'),
    terminatingTools: z
      .array(z.string().min(1))
      .optional()
      .describe(
        "Tool names whose call by the assistant ends the conversation after that reply (the newer platform's `platform_config.terminating: true`, e.g. end_call, transfer_call); default none (the seed contract has no terminating tools)",
      ),
    ...agentCommon,
  })
  .strict();

export const maeAgentSchema = z
  .object({
    protocol: z.literal('mae'),
    transport: z
      .enum(['http', 'sse', 'local', 'socket'])
      .default('http')
      .describe(
        'http: POST {url}/execute_task; sse: POST {url} and read a text/event-stream reply (AgentV merge rule); local: JSON lines over stdin/stdout; socket: newline-delimited JSON over TCP or a unix socket',
      ),
    url: z
      .string()
      .optional()
      .describe('http transport: base URL (POST {url}/execute_task); sse transport: the URL POSTed as is'),
    command: shellCommand
      .optional()
      .describe('local transport: the command to spawn (runs in the plan file folder)'),
    address: z.string().optional().describe('socket transport: host:port or a unix socket path'),
    maxTurns: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('Turn cap of the action loop (default 5; 20 with profile agentv)'),
    profile: z
      .enum(['seed', 'agentv', 'legacy', 'current'])
      .default('seed')
      .transform((id): 'seed' | 'agentv' => (id === 'legacy' ? 'seed' : id === 'current' ? 'agentv' : id))
      .describe(
        "seed (alias legacy): the documented Agent API; agentv (alias current): today's AgentV harness. The aliases are the protocol notes' names and mean the same run",
      ),
    name: z.string().optional().describe('Agent name when it does not report one'),
    traceContext: z
      .boolean()
      .optional()
      .describe(
        'Send W3C trace context (default false): a traceparent header (http, sse) and span_context.traceparent in every request body; ids derive from the run, task, example and repeat',
      ),
    ...agentCommon,
  })
  .strict();

export const openaiAgentSchema = z
  .object({
    protocol: z.literal('openai'),
    url: z.string().describe('Base URL of an OpenAI-compatible API: POST {url}/chat/completions'),
    model: z.string(),
    temperature: z.number().min(0).max(2).optional(),
    maxTokens: z.number().int().positive().optional(),
    system: z.string().optional().describe('System prompt prepended to the messages'),
    ...agentCommon,
  })
  .strict();

export const httpAgentSchema = z
  .object({
    protocol: z.literal('http'),
    url: z.string(),
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH']).default('POST'),
    response: z.string().optional().describe('JMESPath applied to the reply body before extraction'),
    ...agentCommon,
  })
  .strict();

export const agentSchema = z.discriminatedUnion('protocol', [
  raipAgentSchema,
  chatAgentSchema,
  maeAgentSchema,
  openaiAgentSchema,
  httpAgentSchema,
]);

export const judgeSchema = z
  .object({
    protocol: z
      .enum(['agent-eval', 'openai'])
      .describe('agent-eval wire protocol (HTTP, or stdio rpc) or an OpenAI-compatible LLM'),
    url: z.string().optional().describe('agent-eval server base URL, or OpenAI-compatible base URL'),
    command: shellCommand.optional().describe('agent-eval over stdio: the command speaking `agent-eval rpc`'),
    rubric: z.string().optional().describe('Rubric name: registered on the server or defined under rubrics:'),
    model: z.string().optional(),
    provider: z.string().optional(),
    temperature: z.number().min(0).max(2).optional(),
    headers: headers.optional(),
    serve: serveSchema.optional(),
    limits: limitsSchema.optional(),
  })
  .strict();

export const rubricSchema = z
  .object({
    version: z.string().optional().describe('Declared rubric version (else derived from its content)'),
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
      .regex(/^[0-9a-f]{64}$/)
      .optional()
      .describe('Pins the source bytes; a mismatch is an error'),
    examples: z.array(z.unknown()).optional().describe('Inline examples'),
    weight: z.number().nonnegative().default(1),
  })
  .strict();

export const metricSchema = z
  .object({
    type: z.string().describe('A metric type (DESIGN.md §4): exact_match, judge, pass_rate, …'),
    id: z.string().optional().describe('Name of this metric in results (default: its type)'),
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
    repeats: z.number().int().positive().default(1).describe('Invocations of each example per agent'),
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
        'Invocations in flight at once per agent, for agents without limits.concurrency; never part of a content key',
      ),
    seed: z.number().int().default(7).describe('Seed of every random choice (bootstrap, sampling)'),
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
  .strict();

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
