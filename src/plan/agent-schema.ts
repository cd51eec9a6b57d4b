/**
 * The plan language's `agents:` entries (DESIGN.md §2–3) as zod schemas, one per protocol, with
 * the settings that cannot change a result (limits, serve) that schema.ts keeps out of content keys.
 */
import { z } from 'zod';
import { duration, headers, httpUrl, shellCommand, spawnText } from './schema-parts.js';

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
        'chat: time budget for one whole conversation; none by default (the seed contract has none), 120s with profile: platform (the Connexity platform default)',
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

/**
 * A judge's limits: an agent's, and the largest input one call may send (QA317: an agent's 15 MB
 * answer as a judge's content was held several times over by each call: a 400 MB heap ran out).
 */
export const DEFAULT_JUDGE_INPUT_BYTES = 1024 * 1024;

export const judgeLimitsSchema = limitsSchema
  .extend({
    maxInputBytes: z
      .number()
      .int()
      .positive()
      .max(512 * 1024 * 1024)
      .optional()
      .describe(
        "Largest input of one judge call, in bytes of UTF-8: its content, reference and task together (default 1048576, 1 MiB); a larger one is that example's metric_error, not sent",
      ),
  })
  .strict()
  .describe('Runtime limits; never part of a content key');

/** Checked as a regular expression by the compiler (compiler/ready-line-check.ts, QA315). */
const readyLine = z.string();

export const serveSchema = z
  .object({
    command: shellCommand.describe(
      'Shell command that starts the agent; runs in the folder of the plan file that declares it',
    ),
    env: z
      .record(spawnText, spawnText)
      .optional()
      .describe('Extra environment variables (may use ${env.NAME})'),
    ready: z
      .object({
        url: httpUrl('Poll this URL until it answers with a status below 500').optional(),
        line: readyLine.optional().describe('Or wait for a stdout line matching this regular expression'),
        timeout: duration.optional().describe('How long to wait (default 15s)'),
      })
      .strict()
      .optional(),
  })
  .strict()
  .describe('Start the agent before the run and stop it afterwards');

export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/**
 * An agent's limits: the common ones, and the largest reply it may send (QA324: fixed at 16 MiB, so an
 * agent with larger answers could never be evaluated, and one with huge answers at run.concurrency
 * 32 could hold ~2 GB). A reply over it is `response_too_large`, cached as final with the limit it
 * was refused under: a larger limit asks it again (compiler/reply-limit-failures.ts).
 */
export const agentLimitsSchema = limitsSchema
  .extend({
    maxResponseBytes: z
      .number()
      .int()
      .min(1024)
      .max(512 * 1024 * 1024)
      .optional()
      .describe(
        "Largest reply of this agent, in bytes (a mae local or socket agent's reply line: in characters); default 16777216 (16 MiB); a larger one is response_too_large",
      ),
  })
  .strict()
  .describe('Runtime limits; never part of a content key');

const agentCommon = {
  headers: headers.optional(),
  serve: serveSchema.optional(),
  limits: agentLimitsSchema.optional(),
  version: z.string().optional().describe('Declared agent version; changing it re-invokes this agent'),
  description: z.string().optional(),
};

export const raipAgentSchema = z
  .object({
    protocol: z.literal('raip'),
    url: httpUrl('RAIP base URL: GET {url}/info, POST {url}/invoke'),
    ...agentCommon,
  })
  .strict();

export const chatAgentSchema = z
  .object({
    protocol: z.literal('chat'),
    url: httpUrl('Connexity endpoint URL, e.g. http://127.0.0.1:7102/agent/respond'),
    replayTools: z
      .boolean()
      .optional()
      .describe(
        "Replay tool messages in the history (the platform's current behaviour); default false (the seed contract)",
      ),
    profile: z
      .enum(['seed', 'platform', 'legacy', 'current'])
      .transform((id): 'seed' | 'platform' => (id === 'legacy' ? 'seed' : id === 'current' ? 'platform' : id))
      .optional()
      .describe(
        'seed (default; alias legacy): the Connexity contract document; platform (alias current): the platform today, the same as replayTools: true',
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
  .strict()
  // For editors, what validate refuses (EVALC_AGENT_CONFIG; QA126): a profile that says the
  // opposite of replayTools beside it (platform is replayTools: true, seed is false).
  .meta({
    allOf: [profileSays(['platform', 'current'], true), profileSays(['seed', 'legacy'], false)],
  });

/** `if profile is one of these then replayTools, when written, is replayTools`, in JSON Schema. */
function profileSays(profiles: string[], replayTools: boolean): Record<string, unknown> {
  return {
    if: { required: ['profile'], properties: { profile: { enum: profiles } } },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword, not a thenable
    then: { properties: { replayTools: { const: replayTools } } },
  };
}

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
    name: z
      .string()
      .optional()
      .describe(
        'Agent name pinned in evalc.lock and the reports; it wins over a name the agent reports in its replies (seed profile name discovery)',
      ),
    traceContext: z
      .boolean()
      .optional()
      .describe(
        'Send W3C trace context (default false): a traceparent header (http, sse) and span_context.traceparent in every request body; ids derive from the run, task, example and repeat',
      ),
    ...agentCommon,
  })
  .strict()
  // For editors, what validate requires of each transport (EVALC_AGENT_CONFIG; QA126): http (the
  // default) and sse a url, local a command, socket an address (or a url in AgentV's form).
  .meta({
    allOf: [
      transportNeeds(['http'], { required: ['url'], properties: { url: true } }),
      transportNeeds(['sse'], { required: ['url'], properties: { url: true } }),
      transportNeeds(['local'], { required: ['command'], properties: { command: true } }),
      transportNeeds(['socket'], {
        anyOf: [
          { required: ['address'], properties: { address: true } },
          { required: ['url'], properties: { url: true } },
        ],
      }),
    ],
  });

/** `if transport is one of these (http when not written) then …`, in JSON Schema. */
function transportNeeds(transports: string[], then: Record<string, unknown>): Record<string, unknown> {
  const named = { required: ['transport'], properties: { transport: { enum: transports } } };
  return {
    if: transports.includes('http') ? { anyOf: [named, { not: { required: ['transport'] } }] } : named,
    then,
  };
}

export const openaiAgentSchema = z
  .object({
    protocol: z.literal('openai'),
    url: httpUrl('Base URL of an OpenAI-compatible API: POST {url}/chat/completions'),
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
    url: httpUrl(),
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
