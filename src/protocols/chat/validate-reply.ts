/**
 * Validation of a Connexity `AgentResponse` (shared/protocols/chat.md 2.2), mirroring the
 * platform's pydantic models in lax mode: `messages` required; roles system|user|assistant|tool;
 * `content` a string or null; tool call `type` defaults to `function` (other values rejected);
 * `function.arguments` must be a JSON string; the last message must be an assistant one (an
 * empty list is accepted); usage counts as pydantic's lax `int` reads them (usage-count.ts);
 * unknown keys are ignored; `metadata` must be an object when present.
 */

import { isJsonObject } from '../http/trajectory.js';
import { twiceEncodedSuffix } from '../twice-encoded.js';
import type { ChatMessage, ToolCall } from '../types.js';
import { usageCount } from './usage-count.js';

export interface WireUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
}

export interface AgentReply {
  messages: ChatMessage[];
  model?: string;
  provider?: string;
  usage?: WireUsage;
  /**
   * Usage counts the platform accepts that are no count (a negative, beyond 2^53 − 1), as sent:
   * not in `usage`, but not dropped in silence either — the `tokens` and `cost` that need that side
   * say so (QA185: input 12 beside output -3 counted 12 tokens and priced them).
   */
  unreadableUsage?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
}

export type ReplyValidation = { ok: true; reply: AgentReply } | { ok: false; reason: string };

const ROLES = new Set(['system', 'user', 'assistant', 'tool']);

class ContractViolation extends Error {}

function violate(reason: string): never {
  throw new ContractViolation(reason);
}

export function validateAgentReply(body: unknown): ReplyValidation {
  try {
    return { ok: true, reply: parseReply(body) };
  } catch (error) {
    if (error instanceof ContractViolation) return { ok: false, reason: error.message };
    throw error;
  }
}

function parseReply(body: unknown): AgentReply {
  if (!isJsonObject(body)) violate(`reply is not a JSON object${twiceEncodedSuffix(body)}`);
  if (!Array.isArray(body.messages)) violate('messages is required and must be an array');
  const messages = body.messages.map((m, i) => parseMessage(m, `messages[${i}]`));
  const last = messages.at(-1);
  if (last !== undefined && last.role !== 'assistant')
    violate(`the last message must be an assistant message, got ${last.role}`);
  const reply: AgentReply = { messages };
  const model = optionalString(body.model, 'model');
  const provider = optionalString(body.provider, 'provider');
  if (model !== undefined) reply.model = model;
  if (provider !== undefined) reply.provider = provider;
  if (body.usage !== undefined && body.usage !== null) {
    const { usage, unreadable } = parseUsage(body.usage);
    reply.usage = usage;
    if (unreadable) reply.unreadableUsage = unreadable;
  }
  if (body.metadata !== undefined && body.metadata !== null) {
    if (!isJsonObject(body.metadata)) violate('metadata must be an object');
    reply.metadata = body.metadata;
  }
  return reply;
}

function parseMessage(value: unknown, at: string): ChatMessage {
  if (!isJsonObject(value)) violate(`${at} must be an object`);
  const role = value.role;
  if (typeof role !== 'string' || !ROLES.has(role))
    violate(`${at}.role must be one of system, user, assistant, tool`);
  const content = value.content;
  if (content !== undefined && content !== null && typeof content !== 'string') {
    violate(`${at}.content must be a string or null`);
  }
  const message: ChatMessage = { role: role as ChatMessage['role'], content: content ?? null };
  if (value.tool_calls !== undefined && value.tool_calls !== null) {
    if (!Array.isArray(value.tool_calls)) violate(`${at}.tool_calls must be an array`);
    message.tool_calls = value.tool_calls.map((c, i) => parseToolCall(c, `${at}.tool_calls[${i}]`));
  }
  const toolCallId = optionalString(value.tool_call_id, `${at}.tool_call_id`);
  const name = optionalString(value.name, `${at}.name`);
  if (toolCallId !== undefined) message.tool_call_id = toolCallId;
  if (name !== undefined) message.name = name;
  return message;
}

function parseToolCall(value: unknown, at: string): ToolCall {
  if (!isJsonObject(value)) violate(`${at} must be an object`);
  if (typeof value.id !== 'string') violate(`${at}.id must be a string`);
  if (value.type !== undefined && value.type !== 'function') violate(`${at}.type must be "function"`);
  const fn = value.function;
  if (!isJsonObject(fn)) violate(`${at}.function must be an object`);
  if (typeof fn.name !== 'string') violate(`${at}.function.name must be a string`);
  if (typeof fn.arguments !== 'string') violate(`${at}.function.arguments must be a JSON string`);
  return { id: value.id, type: 'function', function: { name: fn.name, arguments: fn.arguments } };
}

function parseUsage(value: unknown): { usage: WireUsage; unreadable?: Record<string, unknown> } {
  if (!isJsonObject(value)) violate('usage must be an object');
  const usage: WireUsage = {};
  let unreadable: Record<string, unknown> | undefined;
  for (const key of ['prompt_tokens', 'completion_tokens', 'total_tokens'] as const) {
    const raw = value[key];
    if (raw === undefined || raw === null) continue;
    const count = usageCount(raw);
    if (count === 'invalid') violate(`usage.${key} must be an integer`);
    // A negative count, or one beyond 2^53 − 1, passes the platform's check: not kept as a count,
    // but kept aside, so the metrics that need its side do not count without it (QA185).
    if (count !== undefined) usage[key] = count;
    else (unreadable ??= {})[key] = raw;
  }
  return unreadable ? { usage, unreadable } : { usage };
}

function optionalString(value: unknown, at: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') violate(`${at} must be a string or null`);
  return value;
}
