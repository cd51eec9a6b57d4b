/**
 * Reads one agent reply into a closed union of actions. The reply is kept as received in the
 * trajectory; this only decides what the loop does next. Field aliases follow both the seed
 * document and today's AgentV code (mae.md §1.2 "Response").
 */

export interface ToolRequest {
  name: string;
  params: Record<string, unknown>;
}

export type MaeAction =
  | { type: 'final_answer'; answer: string | null }
  | { type: 'completed'; answer: string | null }
  | { type: 'provide_instructions'; answer: string | null }
  | { type: 'call_tool'; call: ToolRequest }
  | { type: 'call_multiple_tools'; calls: ToolRequest[] }
  | { type: 'hitl_pause'; prompt: string }
  | { type: 'processing' }
  | { type: 'branch' }
  | { type: 'error'; message?: string }
  /** A known action whose required fields are missing or malformed. */
  | { type: 'malformed'; action: string; problem: string }
  /** Missing, empty or unrecognised `action` (or a reply that is not an object). */
  | { type: 'unknown'; action: string | null };

export const ANSWER_FIELDS = ['summary', 'answer', 'instructions', 'message', 'content'] as const;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first non-empty string among `summary`, `answer`, `instructions`, `message`, `content`. */
export function readAnswer(reply: Record<string, unknown>): string | null {
  for (const field of ANSWER_FIELDS) {
    const value = reply[field];
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}

export function parseAction(reply: unknown): MaeAction {
  if (!isRecord(reply)) return { type: 'unknown', action: null };
  const action = reply.action;
  if (typeof action !== 'string' || action === '') return { type: 'unknown', action: null };
  switch (action) {
    case 'final_answer':
    case 'completed':
    case 'provide_instructions':
      return { type: action, answer: readAnswer(reply) };
    case 'call_tool':
      return parseCallTool(reply);
    case 'call_multiple_tools':
      return parseMultipleTools(reply);
    case 'hitl_pause':
      return { type: 'hitl_pause', prompt: firstString(reply.prompt, reply.reason, readAnswer(reply)) ?? '' };
    case 'processing':
      return { type: 'processing' };
    case 'branch':
      return { type: 'branch' };
    case 'error': {
      // a blank `error` ("  ") is no text either: it read "agent reported an error: " (QA185)
      // an `error` of no text (true, an object without a message) gives way to a `message` or
      // `summary` beside it: "error": true, "message": "quota spent" read "…: true" (QA190)
      const texts = [
        reply.error,
        errorMessage(reply.error),
        reply.message,
        reply.summary,
        errorJson(reply.error),
      ];
      const message = firstString(...texts.map(nonBlank));
      return message === undefined ? { type: 'error' } : { type: 'error', message };
    }
    default:
      return { type: 'unknown', action };
  }
}

function parseCallTool(reply: Record<string, unknown>): MaeAction {
  const name = reply.tool_name;
  if (name !== undefined && name !== null && typeof name !== 'string')
    return { type: 'malformed', action: 'call_tool', problem: `tool_name is not a string${gotWhat(name)}` };
  if (typeof name !== 'string' || name === '') {
    return { type: 'malformed', action: 'call_tool', problem: 'call_tool without a tool_name' };
  }
  const params = reply.tool_params ?? {};
  if (!isRecord(params))
    return {
      type: 'malformed',
      action: 'call_tool',
      problem: `tool_params is not an object${gotWhat(params)}`,
    };
  return { type: 'call_tool', call: { name, params } };
}

/**
 * What a non-object parameter value was, for the message: LLM agents often pass on a function
 * call's `arguments`, which OpenAI's API gives as JSON text (QA13).
 */
function gotWhat(value: unknown): string {
  if (typeof value === 'string')
    return ' (got a string: send the parameters as a JSON object, not as JSON text)';
  return Array.isArray(value) ? ' (got an array)' : ` (got ${value === null ? 'null' : typeof value})`;
}

function parseMultipleTools(reply: Record<string, unknown>): MaeAction {
  if (Array.isArray(reply.tool_calls)) {
    const calls: ToolRequest[] = [];
    for (const entry of reply.tool_calls) {
      if (!isRecord(entry)) return malformedMultiple('a tool_calls entry is not an object');
      const name = entry.tool ?? entry.tool_name;
      const params = entry.params ?? entry.tool_params ?? {};
      if (typeof name !== 'string' || name === '')
        return malformedMultiple('a tool_calls entry has no tool name');
      if (!isRecord(params)) return malformedMultiple(`params of ${name} is not an object${gotWhat(params)}`);
      calls.push({ name, params });
    }
    return { type: 'call_multiple_tools', calls };
  }
  if (Array.isArray(reply.tool_names)) {
    const names = reply.tool_names;
    if (!names.every((name): name is string => typeof name === 'string' && name !== '')) {
      return malformedMultiple('tool_names must be non-empty strings');
    }
    return { type: 'call_multiple_tools', calls: names.map((name) => ({ name, params: {} })) };
  }
  return malformedMultiple('call_multiple_tools without tool_calls or tool_names');
}

function malformedMultiple(problem: string): MaeAction {
  return { type: 'malformed', action: 'call_multiple_tools', problem };
}

/**
 * An `error` object's own `message` (`{"code": 5, "message": "quota"}`): it read "with no error,
 * message or summary text" beside the error the agent did send (QA185).
 */
function errorMessage(value: unknown): unknown {
  return isRecord(value) ? value.message : undefined;
}

/**
 * An `error` of no text, as its JSON (`{"code":5}`, `404`), when nothing beside it says more; a
 * boolean (`"error": true`, a flag), `{}` or `[]` says nothing (QA190).
 */
function errorJson(value: unknown): string | undefined {
  if (typeof value === 'number') return JSON.stringify(value);
  if (typeof value !== 'object' || value === null) return undefined;
  // an empty `{}` or `[]` says nothing: 'agent reported an error: {}' (QA190)
  return Object.keys(value).length === 0 ? undefined : JSON.stringify(value);
}

function nonBlank(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

function firstString(...values: unknown[]): string | undefined {
  for (const value of values) if (typeof value === 'string' && value !== '') return value;
  return undefined;
}
