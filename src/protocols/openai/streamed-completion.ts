/**
 * A chat completion answered as a Server-Sent Events stream although evalc did not ask for one
 * (no `stream: true`): gateways and local servers configured to always stream, or a proxy that
 * forces it. The transport reads such a 2xx reply as "not JSON"; when its body is an SSE stream
 * of `chat.completion.chunk` events (`data: {…}` lines, `data: [DONE]` at the end), the chunks
 * are merged into the one `chat.completion` a non-streaming call returns, the way the OpenAI SDKs
 * accumulate a stream: per choice `index`, `delta.content` / `reasoning_content` / `reasoning` /
 * `refusal` concatenated, tool calls merged by their `index` (arguments concatenated, the name taken as sent; a
 * delta that announces another call starts its own, stream-tool-calls.ts, QA144), the last
 * `finish_reason`, and the last `usage` sent (present only with `stream_options.include_usage`).
 * A stream with no finish reason and no `[DONE]` was cut: a `contract_violation`, not cached (QA116).
 */
import { parseBoundedJson } from '../bounded-json.js';
import { isJsonObject } from '../http/trajectory.js';
import type { JsonResponse } from '../http/transport.js';
import { codePointCut } from '../quote-cut.js';
import { StreamedToolCalls } from './stream-tool-calls.js';

/**
 * The reply itself, or — for a 2xx SSE stream of completion chunks — a JSON reply of the merged
 * completion. `where` (`POST origin/path`) heads a cut stream's message, as the transport's own
 * failures are headed (QA127: the judge's and the agent's cut-stream error named no endpoint).
 */
export function recoverStreamedReply(reply: JsonResponse, where?: string): JsonResponse {
  if (reply.ok || reply.error.kind !== 'invalid_json' || reply.text === undefined) return reply;
  if (reply.status === undefined || reply.status < 200 || reply.status >= 300) return reply;
  const isStream =
    (reply.headers?.['content-type'] ?? '').toLowerCase().includes('text/event-stream') ||
    /^\s*(data|event|id|:)/.test(reply.text);
  if (!isStream) return reply;
  const merged = mergeCompletionChunks(reply.text);
  if (merged === undefined) return reply;
  if (merged.ended === false) {
    // QA116: neither a finish_reason nor [DONE] — the stream was cut (upstream died, a proxy's
    // timeout); the OpenAI SDKs refuse it ("missing finish_reason for choice 0"). Not cached.
    const shown = JSON.stringify(codePointCut(textOf(merged), 120));
    return {
      ok: false,
      status: reply.status,
      headers: reply.headers ?? {},
      attempts: reply.attempts, // no `text`: the message quotes what came, not the raw stream
      error: {
        kind: 'contract_violation',
        message: `${where === undefined ? '' : `${where}: `}the streamed reply was cut: it ended with no finish_reason and no data: [DONE] (what came: ${shown})`,
        retryable: true,
      },
    };
  }
  delete merged.ended;
  return {
    ok: true,
    status: reply.status,
    headers: reply.headers ?? {},
    body: merged,
    text: reply.text,
    attempts: reply.attempts,
  };
}

interface ChoiceAcc {
  index: number;
  message: Record<string, unknown>;
  toolCalls: StreamedToolCalls;
  finish_reason: unknown;
}

const TEXT_FIELDS = ['content', 'reasoning_content', 'reasoning', 'refusal'] as const;

/**
 * The merged completion, or undefined when the stream holds no completion chunk (one with
 * `choices`). Its `ended` is false when no choice finished and no `[DONE]` came (a cut stream).
 */
export function mergeCompletionChunks(text: string): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  const choices = new Map<number, ChoiceAcc>();
  let chunks = 0;
  let done = false;
  for (const data of sseDataPayloads(text)) {
    if (data.trim() === '[DONE]') {
      done = true;
      continue;
    }
    const parsed = parseBoundedJson(data);
    if (!parsed.ok || !isJsonObject(parsed.value)) continue;
    const chunk = parsed.value;
    // an error event mid-stream (OpenRouter, LiteLLM) is the reply: read as the 200-with-error body;
    // OpenRouter's documented one comes beside a choice finished with 'error' (QA210: the text
    // before it was merged and cached as a whole answer)
    if (isJsonObject(chunk.error) && (!Array.isArray(chunk.choices) || finishedWithError(chunk.choices)))
      return { error: chunk.error };
    // only completion chunks count: `data: {"partial": true}` is not a completion stream
    if (!Array.isArray(chunk.choices)) continue;
    chunks++;
    for (const key of ['id', 'model', 'created', 'system_fingerprint'])
      if (chunk[key] !== undefined && out[key] === undefined) out[key] = chunk[key];
    if (isJsonObject(chunk.usage)) out.usage = chunk.usage;
    for (const raw of chunk.choices) {
      if (!isJsonObject(raw)) continue;
      const index = typeof raw.index === 'number' ? raw.index : 0;
      let acc = choices.get(index);
      if (!acc) {
        acc = {
          index,
          message: { role: 'assistant' },
          toolCalls: new StreamedToolCalls(),
          finish_reason: null,
        };
        choices.set(index, acc);
      }
      if (raw.finish_reason !== undefined && raw.finish_reason !== null)
        acc.finish_reason = raw.finish_reason;
      const delta = isJsonObject(raw.delta) ? raw.delta : isJsonObject(raw.message) ? raw.message : {};
      mergeDelta(acc, delta);
    }
  }
  if (chunks === 0) return undefined;
  if (!done && [...choices.values()].every((acc) => acc.finish_reason === null)) out.ended = false;
  out.object = 'chat.completion';
  out.choices = [...choices.values()]
    .sort((a, b) => a.index - b.index)
    .map((acc) => {
      const message = { ...acc.message };
      if (message.content === undefined) message.content = null;
      if (acc.toolCalls.size > 0) message.tool_calls = acc.toolCalls.toMessage();
      return { index: acc.index, message, finish_reason: acc.finish_reason };
    });
  return out;
}

function finishedWithError(choices: unknown[]): boolean {
  return choices.some((choice) => isJsonObject(choice) && choice.finish_reason === 'error');
}

function mergeDelta(acc: ChoiceAcc, delta: Record<string, unknown>): void {
  if (typeof delta.role === 'string') acc.message.role = delta.role;
  for (const field of TEXT_FIELDS) {
    const piece = delta[field];
    if (typeof piece === 'string') {
      const before = acc.message[field];
      acc.message[field] = typeof before === 'string' ? before + piece : piece;
    }
  }
  if (Array.isArray(delta.tool_calls)) acc.toolCalls.add(delta.tool_calls);
}

/** The `data:` payloads of an SSE text, one per event (multi-line data joined with `\n`). */
function* sseDataPayloads(text: string): Generator<string> {
  let data: string[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line === '') {
      if (data.length > 0) yield data.join('\n');
      data = [];
    } else if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
  }
  if (data.length > 0) yield data.join('\n');
}

/** The merged content of the first choice, for a message ('' when none). */
function textOf(merged: Record<string, unknown>): string {
  const first = Array.isArray(merged.choices) ? merged.choices[0] : undefined;
  const content = isJsonObject(first) && isJsonObject(first.message) ? first.message.content : undefined;
  return typeof content === 'string' ? content : '';
}
