/**
 * Accumulates one example's action loop into a `Trajectory`.
 *
 * `response` (what users' JMESPath runs against):
 * `{ final_answer, status, error?, agent_name?, actions, tool_calls, messages, turns, violations }`
 * - `final_answer`: the answer of the terminal action (`summary`, `answer`, `instructions`,
 *   `message`, `content`: first non-empty), else null;
 * - `status`: `"success"` or `"failure"`; `error`: `{kind, message}` on failure;
 * - `actions`: every agent reply object as received, in order;
 * - `tool_calls`: `[{turn, name, arguments, result, error?}]` (sandbox results; blocked calls carry
 *   the violation object as result and `error`);
 * - `messages`: OpenAI-shaped transcript — `user` = each text evalc sent, `assistant` = the
 *   answer / summary (with `tool_calls` for tool actions) or the reply JSON for other actions,
 *   `tool` = each tool result as JSON;
 * - `turns`: agent calls made; `violations`: governance breaches.
 * Extraction reads it with `output: { answer: final_answer }` too (output-answer.ts), not stored here.
 */
import type {
  ChatMessage,
  PolicyViolation,
  StepError,
  ToolCallRecord,
  Trajectory,
  TrajectoryEvent,
} from '../types.js';
import { isRecord, type MaeAction, readAnswer, type ToolRequest } from './action.js';

export class TrajectoryRecorder {
  readonly messages: ChatMessage[] = [];
  readonly toolCalls: ToolCallRecord[] = [];
  readonly events: TrajectoryEvent[] = [];
  readonly violations: PolicyViolation[] = [];
  readonly actions: unknown[] = [];
  invalidActions = 0;
  turns = 0;
  finalAnswer: string | null = null;
  agentName: string | undefined;
  #pendingCallIds: string[] = [];

  /** A text evalc sent to the agent as `task_description`. */
  recordSent(text: string): void {
    this.messages.push({ role: 'user', content: text });
  }

  /** One agent reply: kept raw, one event, one assistant message. */
  recordReply(turn: number, reply: unknown, action: MaeAction): void {
    this.actions.push(reply);
    this.events.push({ turn, type: eventType(action), data: eventData(action) });
    const summary = isRecord(reply) ? readAnswer(reply) : null;
    const calls =
      action.type === 'call_tool' ? [action.call] : action.type === 'call_multiple_tools' ? action.calls : [];
    if (calls.length > 0) {
      this.#pendingCallIds = calls.map((_, index) => `call_${turn}_${index + 1}`);
      this.messages.push({
        role: 'assistant',
        content: summary,
        tool_calls: calls.map((call, index) => toolCallMessage(call, this.#pendingCallIds[index] ?? '')),
      });
      return;
    }
    const isAnswer =
      action.type === 'final_answer' || action.type === 'completed' || action.type === 'provide_instructions';
    this.messages.push({
      role: 'assistant',
      content: isAnswer && summary !== null ? summary : (JSON.stringify(reply) ?? null),
    });
  }

  /** The result of the index-th call of the current tool action. */
  recordToolResult(record: ToolCallRecord, index: number): void {
    this.toolCalls.push(record);
    this.messages.push({
      role: 'tool',
      tool_call_id: this.#pendingCallIds[index] ?? `call_${record.turn}_${index + 1}`,
      name: record.name,
      content: JSON.stringify(record.result) ?? 'null',
    });
  }

  recordViolation(violation: PolicyViolation): void {
    this.violations.push(violation);
  }

  recordEvent(turn: number, type: string, data?: unknown): void {
    this.events.push(data === undefined ? { turn, type } : { turn, type, data });
  }

  build(error?: StepError): Trajectory {
    const response: Record<string, unknown> = {
      final_answer: this.finalAnswer,
      status: error ? 'failure' : 'success',
      actions: this.actions,
      tool_calls: this.toolCalls,
      messages: this.messages,
      turns: this.turns,
      violations: this.violations,
    };
    if (error) response.error = { kind: error.kind, message: error.message };
    if (this.agentName !== undefined) response.agent_name = this.agentName;
    return {
      response,
      messages: this.messages,
      toolCalls: this.toolCalls,
      events: this.events,
      violations: this.violations,
      invalidActions: this.invalidActions,
      turns: this.turns,
      usage: {},
    };
  }
}

function toolCallMessage(call: ToolRequest, id: string) {
  return {
    id,
    type: 'function' as const,
    function: { name: call.name, arguments: JSON.stringify(call.params) },
  };
}

function eventType(action: MaeAction): string {
  if (action.type === 'unknown') return 'unknown_action';
  if (action.type === 'malformed') return 'malformed_action';
  return action.type;
}

function eventData(action: MaeAction): unknown {
  switch (action.type) {
    case 'final_answer':
    case 'completed':
    case 'provide_instructions':
      return { answer: action.answer };
    case 'call_tool':
      return { tools: [action.call.name] };
    case 'call_multiple_tools':
      return { tools: action.calls.map((call) => call.name) };
    case 'hitl_pause':
      return { prompt: action.prompt };
    case 'error':
      return { message: action.message };
    case 'malformed':
      return { action: action.action, problem: action.problem };
    case 'unknown':
      return { action: action.action };
    case 'processing':
    case 'branch':
      return undefined;
  }
}
