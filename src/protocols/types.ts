/**
 * The adapter interface every protocol implements (STYLE.md: one interface, several
 * implementations, one shared conformance suite). Adapters are leaves: they import nothing
 * from plan/, compiler/ or executor/.
 *
 * Runtime failures are values (`InvokeOutcome` with `ok: false`), never exceptions; adapters
 * throw only for bugs.
 */

/** Stable error kinds recorded on a failed step (shared/protocols/README.md §5). */
export type ErrorKind =
  | 'timeout'
  | 'transport_error'
  | `http_${number}`
  | 'invalid_json'
  | 'contract_violation'
  | 'contract_error'
  | 'semantic_mismatch'
  | 'schema_invalid'
  | 'schema_drift'
  | 'unknown_action'
  | 'max_turns_exceeded'
  | 'budget_exhausted'
  | 'process_crashed'
  | 'extraction_failed'
  | 'judge_error'
  | 'judge_unconfigured'
  | 'incompatible_version'
  | 'response_too_large'
  | 'cancelled'
  /** A request the plan/config made that the server refuses (agent-eval 400/404 rubric_not_found). */
  | 'config_error'
  /** 401/403: missing or wrong credentials. */
  | 'auth_error'
  /** The server has no such endpoint (a plain-text 404: wrong URL or not this protocol). */
  | 'endpoint_not_found'
  /** A metric could not be computed (invalid params at run time, missing expected value, no price). */
  | 'metric_error'
  /** Never sent: every preflight example of the agent failed (RAIP R5). */
  | 'preflight_failed';

export interface StepError {
  kind: ErrorKind;
  /** One line, no secrets. */
  message: string;
  /** Whether retrying the same request may succeed (429, 503, 5xx, timeouts, resets). */
  retryable?: boolean;
  /** Server-requested delay (Retry-After), milliseconds. */
  retryAfterMs?: number;
  /** Structured details, e.g. `ajvErrors` of a RAIP 400. Must be JSON. */
  details?: unknown;
}

/** OpenAI-shaped chat message, the lingua franca of trajectories. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
  name?: string;
}

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** One tool call as evalc saw it, with its result (sandbox or agent-reported). */
export interface ToolCallRecord {
  turn: number;
  name: string;
  arguments: unknown;
  result?: unknown;
  /** Set when the call was invalid (unknown tool, bad arguments) or blocked by a policy. */
  error?: string;
}

export interface PolicyViolation {
  turn: number;
  tool: string;
  policy: string;
  message: string;
}

export interface Usage {
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
  /**
   * Where the counts come from, when the adapter knows: `reported` by the agent, or
   * `estimated` by evalc (chat C17: a reply without usage; `estimated` as soon as any part
   * of the sum was estimated). Absent: reported as is, or nothing to count.
   */
  source?: UsageSource;
  /**
   * A side the agent reported in a shape that is no token count (`-3`, `12.5`, `"12 tokens"`, an
   * object), quoted as `key: value` (normalize-usage.ts), when no other key gave that side a count:
   * the `tokens` and `cost` metrics that need it are a `metric_error` naming it, not a figure
   * counted without it.
   */
  unreadable?: { input?: string; output?: string; total?: string };
}

export type UsageSource = 'reported' | 'estimated';

/** One step of a multi-turn loop (MultiAgentEval actions, chat rounds). */
export interface TrajectoryEvent {
  turn: number;
  type: string;
  data?: unknown;
}

/**
 * What an invoke produces. `response` is the document JMESPath extraction runs against:
 * - raip: the `/invoke` reply body `{output, usage}` (without `raw` unless trace is on);
 * - chat: `{messages: <whole transcript>, model, provider, usage, metadata}`;
 * - mae: `{final_answer, actions, tool_calls, messages, turns, violations}` (extraction adds
 *   `output: { answer: final_answer }`, mae/output-answer.ts);
 * - openai: the `/chat/completions` reply plus `content` (first choice's message content);
 * - http: the parsed reply body.
 * Every other field is protocol-neutral and feeds metrics and reports.
 */
export interface Trajectory {
  response: unknown;
  messages: ChatMessage[];
  toolCalls: ToolCallRecord[];
  events: TrajectoryEvent[];
  violations: PolicyViolation[];
  /** Actions the agent emitted that evalc could not honour (unknown tool/action, bad arguments). */
  invalidActions: number;
  turns: number;
  usage: Usage;
  model?: string;
  provider?: string;
  /** Provider payload; kept only when the run has `trace: true`. */
  raw?: unknown;
}

export type InvokeOutcome =
  /** `sent: false`: the adapter answered without a request (a chat greeting with no user turn). */
  | { ok: true; trajectory: Trajectory; sent?: false }
  | { ok: false; error: StepError; trajectory?: Trajectory };

/** What discovery tells about an agent; pinned in the lockfile. */
export interface Discovery {
  name?: string;
  version?: string;
  /** `sha256:<hex>` of the RFC 8785 form of the input schema (RAIP). */
  schemaDigest?: string;
  etag?: string;
  inputSchema?: unknown;
  /** True when the server answered 304 to If-None-Match. */
  notModified?: boolean;
  /** `version` was a JSON number in /info (`2` → `"2"`), which evalc dropped before QA143: said in plan (QA151). */
  numericVersion?: true;
  /**
   * Notes about what was discovered that do not stop a run, one line each (RAIP: formats of the
   * input schema evalc cannot check). Not part of any key or pin.
   */
  warnings?: string[];
}

export type DiscoverOutcome = { ok: true; discovery: Discovery } | { ok: false; error: StepError };

/** Example fields multi-turn protocols read (DESIGN.md §2). */
export interface ExampleScript {
  id: string;
  turns?: string[];
  tools?: Record<string, unknown>;
  policies?: Record<string, Record<string, unknown>>;
  human?: string;
}

export interface InvokeContext {
  runId: string;
  taskId: string;
  datasetId: string;
  example: ExampleScript;
  /** 0-based repeat index. */
  repeat: number;
  /** Task instructions from the plan (mae `task_description` falls back to it). */
  instructions?: string;
  trace: boolean;
  signal: AbortSignal;
  /** Adapter log line (already scrubbed of secrets by the caller's logger). */
  log: (line: string) => void;
  /**
   * Gives the agent's concurrency slot to the next example before this reply is interpreted: an
   * adapter whose invocation is one request calls it when a final reply has been read in full
   * (run-example.ts releases the slot itself otherwise). Idempotent.
   */
  releaseSlot?: () => void;
}

export interface AgentAdapter {
  readonly protocol: string;
  /** Optional discovery (RAIP `/info`, MAE name discovery, agent-eval `/v1/version`). */
  discover?(signal: AbortSignal, pinned?: { etag?: string; schemaDigest?: string }): Promise<DiscoverOutcome>;
  invoke(input: unknown, ctx: InvokeContext): Promise<InvokeOutcome>;
  /**
   * How many invocations the agent serves at once, when the adapter itself bounds it (a persistent
   * MultiAgentEval process or connection holds one conversation at a time): the executor lets no
   * more in, so an invocation's duration never counts a wait for the process. Unbounded if absent.
   */
  readonly maxInFlight?: number;
  /** Release pools, sockets and child processes. Idempotent. */
  close(): Promise<void>;
}
