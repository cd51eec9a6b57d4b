/**
 * The `openai` adapter: a model behind an OpenAI-compatible API used directly as the agent.
 * Rendered input: a string (one user message) or `{messages, …}` where the other keys may be
 * chat-completions request fields (`tools`, `tool_choice`, `response_format`, `seed`, `stop`, …,
 * see request-fields.ts) sent as given — other keys are not sent, and the plan's `model`,
 * `temperature` and `maxTokens` win over the input's; the plan's `system` prompt is prepended. The response document is the completion plus `content`
 * (the answer of the choice with `index: 0`); tool calls of that message are recorded.
 * Beside `content` the document carries (QA19), when the server said so: `finish_reason` (of
 * that choice), `refusal` (OpenAI structured outputs' refusal text, content then null) and
 * `reasoning` (a reasoning model's thoughts: `reasoning_content` (DeepSeek, vLLM reasoning
 * parsers), `reasoning` (OpenRouter, Ollama), or a leading `<think>…</think>` block, which is cut
 * off `content` — reasoning-text.ts). A choice that ended other than `stop`/`tool_calls`
 * (`length`, `content_filter`) is still the agent's answer, recorded as a `finish_reason` event.
 */

import type { OpenaiAgentConfig } from '../../plan/schema.js';
import { parseBoundedJson, TOO_DEEP } from '../bounded-json.js';
import { normalizeUsage } from '../http/normalize-usage.js';
import { failed, isJsonObject, newTrajectory } from '../http/trajectory.js';
import type { HttpTransport } from '../http/transport.js';
import { localRefusal } from '../local-refusal.js';
import type {
  AgentAdapter,
  ChatMessage,
  InvokeContext,
  InvokeOutcome,
  ToolCallRecord,
  TrajectoryEvent,
} from '../types.js';
import { numberPrecisionEvents } from '../unsafe-integer.js';
import { type ChatCompletionRequest, chatCompletion } from './chat-completion.js';
import { contentJsonText } from './json-content.js';
import { splitReasoning } from './reasoning-text.js';
import { SENT_INPUT_FIELDS } from './request-fields.js';
import { refusesStreamOptions, withoutStreamUsage, withStreamUsage } from './stream-usage.js';

export interface OpenaiRuntime {
  transport: HttpTransport;
}

export function createOpenaiAdapter(config: OpenaiAgentConfig, runtime: OpenaiRuntime): AgentAdapter {
  const { transport } = runtime;
  const tokenLimit = { completionTokens: false };
  const streamUsage = { refused: false };

  async function invoke(input: unknown, ctx: InvokeContext): Promise<InvokeOutcome> {
    const request = buildRequest(config, input);
    if (!request.ok) return failed(localRefusal(request.reason));
    // A streamed reply's usage is sent only when asked (stream-usage.ts, QA150).
    const body = withStreamUsage(request.body, streamUsage);
    let outcome = await chatCompletion(transport, config.url, body, ctx.signal, { tokenLimit });
    if (!outcome.ok && body !== request.body && !ctx.signal.aborted && refusesStreamOptions(outcome.error)) {
      streamUsage.refused = true;
      outcome = await chatCompletion(transport, config.url, withoutStreamUsage(body), ctx.signal, {
        tokenLimit,
      });
    }
    if (!outcome.ok) return failed(outcome.error);
    const { completion, choice, message } = outcome;
    const { answer: content, reasoning } = readAnswer(message, outcome.content);
    const document: Record<string, unknown> = { ...completion, content };
    const finishReason = choice.finish_reason;
    if (typeof finishReason === 'string') document.finish_reason = finishReason;
    if (typeof message.refusal === 'string' && message.refusal !== '') document.refusal = message.refusal;
    if (reasoning !== undefined) document.reasoning = reasoning;
    const trajectory = newTrajectory(document);
    if (typeof finishReason === 'string' && !NORMAL_FINISH.has(finishReason))
      trajectory.events.push({ turn: 0, type: 'finish_reason', data: { finish_reason: finishReason } });
    // a JSON answer's integer beyond 2^53, read rounded into `json` (QA313: said for raip and chat only)
    trajectory.events.push(...numberPrecisionEvents(contentJsonText(content), 0));
    trajectory.messages = [...request.body.messages.map(toInputMessage), toChatMessage(message, content)];
    trajectory.toolCalls = toolCallRecords(message, trajectory.events);
    trajectory.invalidActions = trajectory.toolCalls.filter((c) => c.error !== undefined).length;
    trajectory.turns = 1;
    trajectory.usage = normalizeUsage(completion.usage);
    if (typeof completion.model === 'string') trajectory.model = completion.model;
    return { ok: true, trajectory };
  }

  return {
    protocol: 'openai',
    invoke,
    async close() {
      await transport.close();
    },
  };
}

/** Finish reasons of a complete answer (`eos`: TGI; `function_call`: the legacy form). */
const NORMAL_FINISH = new Set(['stop', 'tool_calls', 'function_call', 'eos', 'eos_token', 'stop_sequence']);

/** The answer and the thoughts: a separate reasoning field wins over a `<think>` block in content. */
function readAnswer(
  message: Record<string, unknown>,
  text: string | null,
): { answer: string | null; reasoning?: string } {
  const split = splitReasoning(text);
  for (const field of ['reasoning_content', 'reasoning']) {
    const value = message[field];
    if (typeof value === 'string' && value !== '') return { answer: split.answer, reasoning: value };
  }
  return split;
}

type Built = { ok: true; body: ChatCompletionRequest } | { ok: false; reason: string };

function buildRequest(config: OpenaiAgentConfig, input: unknown): Built {
  let messages: unknown[];
  const extra: Record<string, unknown> = {};
  if (typeof input === 'string') messages = [{ role: 'user', content: input }];
  else if (isJsonObject(input) && Array.isArray(input.messages)) {
    messages = input.messages;
    for (const key of SENT_INPUT_FIELDS) if (input[key] !== undefined) extra[key] = input[key];
  } else
    return {
      ok: false,
      reason: 'rendered input must be a string or {messages: [...], tools?, response_format?, …}',
    };
  if (config.system !== undefined) messages = [{ role: 'system', content: config.system }, ...messages];
  const body: ChatCompletionRequest = { ...extra, model: config.model, messages };
  if (config.temperature !== undefined) body.temperature = config.temperature;
  if (config.maxTokens !== undefined) body.max_tokens = config.maxTokens;
  return { ok: true, body };
}

const ROLES = new Set(['system', 'user', 'assistant', 'tool']);

/** An input message as a transcript entry (non-text content is kept as its JSON text). */
function toInputMessage(value: unknown): ChatMessage {
  const m = isJsonObject(value) ? value : {};
  const role = typeof m.role === 'string' && ROLES.has(m.role) ? (m.role as ChatMessage['role']) : 'user';
  const content =
    typeof m.content === 'string' || m.content === null ? m.content : JSON.stringify(m.content ?? null);
  return { role, content };
}

function toChatMessage(message: Record<string, unknown>, content: string | null): ChatMessage {
  const out: ChatMessage = { role: 'assistant', content };
  const calls = Array.isArray(message.tool_calls) ? message.tool_calls.filter(isJsonObject) : [];
  if (calls.length > 0) {
    out.tool_calls = calls.map((call) => {
      const fn = isJsonObject(call.function) ? call.function : {};
      return {
        id: String(call.id ?? ''),
        type: 'function' as const,
        function: {
          name: String(fn.name ?? ''),
          arguments: typeof fn.arguments === 'string' ? fn.arguments : JSON.stringify(fn.arguments ?? {}),
        },
      };
    });
  }
  return out;
}

/** The message's tool calls; an integer beyond 2^53 their parsed arguments read rounded is said in `events`. */
function toolCallRecords(message: Record<string, unknown>, events: TrajectoryEvent[]): ToolCallRecord[] {
  const calls = Array.isArray(message.tool_calls) ? message.tool_calls.filter(isJsonObject) : [];
  return calls.map((call) => {
    const fn = isJsonObject(call.function) ? call.function : {};
    const record: ToolCallRecord = {
      turn: 0,
      name: typeof fn.name === 'string' ? fn.name : '',
      arguments: fn.arguments ?? null,
    };
    if (typeof fn.arguments === 'string') {
      const parsed = parseBoundedJson(fn.arguments);
      if (parsed.ok) {
        record.arguments = parsed.value;
        // a JSON string inside the reply, so no scan of the reply saw its digits (QA323)
        events.push(...numberPrecisionEvents(fn.arguments, 0));
      } else
        record.error =
          parsed.reason === 'too_deep' ? `arguments ${TOO_DEEP}` : 'arguments are not valid JSON';
    }
    return record;
  });
}
