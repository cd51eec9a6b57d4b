/**
 * What the action loop needs from a transport: send one request body, get one parsed reply.
 * Implementations: http-transport.ts, sse-transport.ts, local-persistent.ts / local-per-turn.ts,
 * socket-persistent.ts / socket-per-turn.ts. Each enforces its own per-turn timeout and turns
 * every I/O failure into a `StepError` value.
 */

import { parseBoundedJson, TOO_DEEP } from '../bounded-json.js';
import { pythonReprHint } from '../python-repr.js';
import { quoteCut, quoteUnfinished } from '../quote-cut.js';
import type { StepError } from '../types.js';
import { firstUnsafeInteger } from '../unsafe-integer.js';
import type { LineEvent } from './line-channel.js';

export interface SendOptions {
  signal: AbortSignal;
  /** Adapter log of the invocation this request belongs to (agent stderr lines go here). */
  log: (line: string) => void;
  /** Per-request headers (`traceparent`); HTTP transports send them, local/socket ignore them. */
  headers?: Record<string, string>;
}

/** `warnings` are compatibility notes, e.g. `content_type` when a reply was not application/json. */
export type TransportReply =
  | { ok: true; reply: unknown; warnings: string[] }
  | { ok: false; error: StepError };

export interface MaeTransport {
  send(body: Record<string, unknown>, options: SendOptions): Promise<TransportReply>;
  /** Releases processes and connections. Idempotent. */
  close(): Promise<void>;
}

/** A reply held an integer beyond ±(2^53 − 1), which was read as the nearest double. */
export const NUMBER_PRECISION_WARNING = 'number_precision';

/**
 * Parses one JSON document; `invalid_json` (with a short excerpt, never more) otherwise. A reply
 * holding an integer beyond 2^53 carries a `number_precision` warning.
 */
export function parseReplyText(text: string, where: string, notJsonHint = ''): TransportReply {
  const parsed = parseBoundedJson(text);
  if (parsed.ok) {
    // QA24: an integer beyond 2^53 (a Python int) is read rounded; the loop records and logs it
    const warnings = firstUnsafeInteger(text) === undefined ? [] : [NUMBER_PRECISION_WARNING];
    return { ok: true, reply: parsed.value, warnings };
  }
  if (parsed.reason === 'too_deep') {
    return {
      ok: false,
      error: { kind: 'invalid_json', message: `${where}: reply ${TOO_DEEP}`, retryable: false },
    };
  }
  const excerpt = quoteCut(text, 120);
  // a Python dict's repr (print(reply)) is the likelier cause than a banner: say that instead
  const hint = pythonReprHint(text) || notJsonHint;
  return {
    ok: false,
    error: {
      kind: 'invalid_json',
      message: `${where}: reply is not JSON: ${JSON.stringify(excerpt)}${hint}`,
      retryable: false,
    },
  };
}

/**
 * A reply that parsed, read from bytes that were not UTF-8 (`Utf8Text.take`'s detail): no answer,
 * as over HTTP (QA244: a Latin-1 `é` was kept as U+FFFD).
 */
export function notUtf8Reply(
  parsed: TransportReply,
  where: string,
  notUtf8: string | undefined,
): TransportReply {
  if (!parsed.ok || notUtf8 === undefined) return parsed;
  return { ok: false, error: { kind: 'invalid_json', message: `${where}: ${notUtf8}`, retryable: false } };
}

export function cancelledReply(where: string): TransportReply {
  return { ok: false, error: { kind: 'cancelled', message: `${where}: cancelled`, retryable: false } };
}

export function tooLargeReply(where: string, maxChars: number): TransportReply {
  const mib = maxChars / (1024 * 1024);
  const limit = Number.isInteger(mib) ? `${mib} MiB` : `${maxChars} characters`;
  return {
    ok: false,
    error: {
      kind: 'response_too_large',
      message: `${where}: reply line longer than ${limit} (evalc's limit for one reply)`,
      retryable: false,
    },
  };
}

/** A timed-out request's hint when the agent had begun a reply line and not ended it. */
export function unfinishedLineHint(unfinished: string): string {
  return ` (the agent began a reply and did not finish it: it wrote ${JSON.stringify(quoteUnfinished(unfinished, 120))} with no end of line, and that is no whole JSON object; a reply is one JSON line ending in a newline, flushed)`;
}

export function timeoutReply(where: string, timeoutMs: number): TransportReply {
  return {
    ok: false,
    error: { kind: 'timeout', message: `${where}: no reply within ${timeoutMs} ms`, retryable: true },
  };
}

/**
 * After a parsed reply on a persistent channel: lines the agent wrote after it (a second reply
 * to the same request, a log line on stdout) are logged against this request, the reply gets an
 * `extra_reply` warning (a `compat_warning` event in the trajectory), and the channel is dropped
 * so a late duplicate can never be read as the reply to the next request.
 */
export function noteExtraLines(
  reply: TransportReply,
  extra: readonly string[],
  channel: { where: string; noun: 'process' | 'connection'; log: (line: string) => void; drop: () => void },
): void {
  const { where, noun, log } = channel;
  if (extra.length === 0) return;
  for (const line of extra)
    log(`${where}: ignored a line written after the reply (one reply per request): ${quoteCut(line, 200)}`);
  log(
    `${where}: the agent wrote ${extra.length + 1} lines for one request; a fresh ${noun} serves the next request`,
  );
  if (reply.ok && !reply.warnings.includes('extra_reply')) reply.warnings.push('extra_reply');
  channel.drop();
}

/** Appended to a local agent's `invalid_json`: the usual cause is a banner or a `print` on stdout. */
export const STDOUT_JSON_HINT = ' (stdout carries only the JSON replies: write banners and logs to stderr)';
/** A socket agent's line that is no JSON: a greeting on connecting, a log line (QA338). */
export const SOCKET_JSON_HINT =
  ' (a socket agent writes only its JSON replies, one line per request: a greeting on connecting or a log line is read as the reply)';

const PERSISTENT_TIMEOUT_HINT =
  ' (the agent must answer each request line with one JSON line and flush its output, e.g. sys.stdout.flush())';

/**
 * A seed-profile process started for this request that never answered: a slow start-up (QA112:
 * said only in run.log before), or the usual AgentV agent (reads stdin to its end, answers once),
 * which only `profile: agentv` serves (QA56).
 */
export const FRESH_PROCESS_TIMEOUT_HINT =
  ' (the process was started for this request, so its start-up counted toward limits.timeout: raise it for an agent that loads slowly; the agent must answer each request line with one JSON line and flush its output, e.g. sys.stdout.flush(); an agent that reads stdin to its end and answers once needs profile: agentv)';

/**
 * A timeout on a fresh process of an agent another of whose processes has answered: it writes and
 * flushes its replies, so this request, with the start-up, was slow (QA157: after a timeout
 * discarded the process that had answered, the next slow request's fresh process read the flush
 * hint and "needs profile: agentv").
 */
export const FRESH_PROCESS_ANSWERED_HINT =
  " (the process was started for this request, so its start-up counted toward limits.timeout; another process of this agent has answered, so it writes and flushes its replies: this request took longer than limits.timeout — raise limits.timeout, or look in the agent's log for why this one was slow)";

/**
 * A timeout on a process or connection that has answered before: it writes and flushes its
 * replies, so this request was slow (QA149: the flush hint was given, wrong for such an agent).
 */
export function answeredBeforeHint(noun: 'process' | 'connection'): string {
  return ` (the agent has answered on this ${noun} before: this request took longer than limits.timeout — raise limits.timeout, or look in the agent's log for why this one was slow)`;
}

/**
 * A socket agent's `timeout`: nothing about stdout (QA13: the stdio hint was shown for sockets);
 * PYTHONUNBUFFERED does not reach a socket's file, so a Python agent's buffered reply is named (QA82).
 */
export const SOCKET_TIMEOUT_HINT =
  " (the agent must answer each request line with one JSON line ending in a newline, on the same connection, and flush it: Python's sock.makefile('w') holds print() until flush())";

/**
 * The reply of a persistent line channel (local process or socket) for one event: a parsed line,
 * or a failure after which the channel is dropped (`closed` is the transport's own story).
 */
export async function replyFromLineEvent(
  event: LineEvent,
  where: string,
  timeoutMs: number,
  channel: {
    drop: () => void;
    closed: () => TransportReply | Promise<TransportReply>;
    /** Appended when a line is not JSON (a local agent's stdout: `STDOUT_JSON_HINT`). */
    notJsonHint?: string;
    /** Appended to a timeout; default: the stdio hint (answer each line, flush stdout). */
    timeoutHint?: string;
  },
): Promise<TransportReply> {
  switch (event.kind) {
    case 'line': {
      const parsed = notUtf8Reply(
        parseReplyText(event.line, where, channel.notJsonHint),
        where,
        event.notUtf8,
      );
      if (!parsed.ok) channel.drop();
      return parsed;
    }
    case 'closed': {
      const reply = await channel.closed();
      if (!reply.ok && event.cut !== undefined) {
        // "closed before a reply; it closed in the middle of a reply" said both (QA165): the
        // close is said once, where it happened, then what had come of the reply.
        const message = reply.error.message;
        const before = / before (?:a reply|replying)/.exec(message);
        reply.error.message = before
          ? `${message.slice(0, before.index)} in the middle of a reply${message.slice(before.index + before[0].length)}; what came of it: ${quoteUnfinished(event.cut, 120)}`
          : `${message}; it closed in the middle of a reply: ${quoteUnfinished(event.cut, 120)}`;
      }
      return reply;
    }
    case 'timeout': {
      channel.drop();
      const reply = timeoutReply(where, timeoutMs);
      if (!reply.ok)
        reply.error.message +=
          event.unfinished === undefined
            ? (channel.timeoutHint ?? PERSISTENT_TIMEOUT_HINT)
            : unfinishedLineHint(event.unfinished);
      return reply;
    }
    case 'cancelled':
      channel.drop();
      return cancelledReply(where);
    case 'too_large':
      channel.drop();
      return tooLargeReply(where, event.maxChars);
  }
}
