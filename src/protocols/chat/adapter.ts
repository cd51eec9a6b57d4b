/**
 * The `chat` adapter: the Connexity agent HTTP contract (shared/protocols/chat.md). evalc plays
 * the platform: it POSTs `{messages, metadata: {test_case_id, turn_index}}`, validates each
 * reply (validate-reply.ts), appends the returned messages and says the next scripted user turn,
 * until the script is exhausted, `maxTurns` agent rounds were made, or the assistant called one
 * of the plan's `terminatingTools` (terminating-tools.ts, C16; none by default). A reply
 * without usage is estimated (estimate-usage.ts, C17). A reply that repeats the whole history
 * before its new messages has the repeat dropped (echoed-history.ts, QA22).
 *
 * History profile: `seed` by default, `replay` with `replayTools: true` (wire-history.ts).
 * Any non-2xx reply, non-JSON body or contract violation ends the conversation as a failed
 * invoke (with the partial trajectory; a non-2xx message quotes the agent's `detail`/`error`
 * text, as the platform's `Agent HTTP <code>: <body>` does). Retries: only 429, a gateway's 502/503/504,
 * timeouts and connection failures are retried (the agent is stateless: the whole history is
 * resent), within the optional conversation budget; never other 4xx or the agent's own 500 (C10).
 */

import type { ChatAgentConfig } from '../../plan/schema.js';
import { emptyReplyError } from '../http/empty-reply.js';
import { serverSaid } from '../http/server-said.js';
import { failed } from '../http/trajectory.js';
import type { HttpTransport, RetryFilter } from '../http/transport.js';
import { localRefusal } from '../local-refusal.js';
import { pythonReprHint } from '../python-repr.js';
import { codePointCut } from '../quote-cut.js';
import { agentSaidSuffix } from '../reply-error-field.js';
import type { AgentAdapter, InvokeContext, InvokeOutcome, StepError } from '../types.js';
import { numberPrecisionEvents } from '../unsafe-integer.js';
import { ChatTranscript } from './chat-trajectory.js';
import { dropEchoedHistory } from './echoed-history.js';
import { chatEndpointHint } from './endpoint-hint.js';

export { chatSettings } from './settings.js';

import { planConversation } from './conversation-script.js';
import { chatNullFieldsHint } from './null-fields-hint.js';
import { chatReplaysTools } from './profile.js';
import { findTerminatingCall } from './terminating-tools.js';
import { validateAgentReply } from './validate-reply.js';
import { buildWireHistory, type HistoryProfile } from './wire-history.js';

export interface ChatRuntime {
  transport: HttpTransport;
  /** Time budget per conversation in ms (the platform uses 120 000); none when absent. */
  budgetMs?: number;
  /** Where the budget comes from when not from `limits.budget` (said in its timeout messages). */
  budgetNote?: string;
  /** Clock for the budget; defaults to `performance.now`. */
  now?: () => number;
}

export interface ChatAdapter extends AgentAdapter {
  readonly protocol: 'chat';
  readonly profile: HistoryProfile;
  /** The platform's "Test connection" (C19): `{"messages":[{"role":"user","content":"ping"}]}`, 10 s. */
  probe(signal: AbortSignal): Promise<{ ok: true } | { ok: false; error: StepError }>;
}

const RETRIED_KINDS = new Set<string>([
  'http_429',
  'http_502',
  'http_503',
  'http_504',
  'timeout',
  'transport_error',
]);
const PROBE_TIMEOUT_MS = 10_000;

export function createChatAdapter(config: ChatAgentConfig, runtime: ChatRuntime): ChatAdapter {
  const { transport } = runtime;
  const now = runtime.now ?? (() => performance.now());
  const profile: HistoryProfile = chatReplaysTools(config) ? 'replay' : 'seed';
  const maxTurns = config.maxTurns ?? Number.POSITIVE_INFINITY;
  const terminating = new Set(config.terminatingTools ?? []);

  async function invoke(input: unknown, ctx: InvokeContext): Promise<InvokeOutcome> {
    const planned = planConversation(input, ctx.example.turns);
    if (!planned.ok) return failed(localRefusal(planned.reason));
    const { followUps, greeting } = planned.script;
    // A greeting is the agent's first round (C4): when it uses up maxTurns, turns[0] is not said (QA143).
    const opening =
      greeting && maxTurns <= 1 && planned.script.opening.at(-1)?.role === 'user'
        ? planned.script.opening.slice(0, -1)
        : planned.script.opening;
    const transcript = new ChatTranscript(opening);
    const pending = [...followUps];
    const deadline = runtime.budgetMs === undefined ? undefined : now() + runtime.budgetMs;
    const remaining = (): number => (deadline === undefined ? Number.POSITIVE_INFINITY : deadline - now());
    const fail = (error: StepError): InvokeOutcome => {
      transcript.events.push({ turn: transcript.rounds, type: 'error', data: { kind: error.kind } });
      // a conversation that breaks off later says where (the report's one line; QA22)
      const { rounds } = transcript;
      const where = rounds === 1 ? 'turn 1 was answered' : `turns 1–${rounds} were answered`;
      const said =
        rounds > 0 ? { ...error, message: `${error.message} (in turn ${rounds + 1}; ${where})` } : error;
      return failed(said, transcript.toTrajectory());
    };
    /** Says the next scripted line; false when the conversation is over. */
    const sayNext = (): boolean => {
      const line = pending.shift();
      if (line === undefined || transcript.rounds >= maxTurns) return false;
      transcript.addUser(line);
      return true;
    };

    if (greeting) {
      transcript.countGreeting();
      if (
        opening.at(-1)?.role === 'assistant' &&
        (!sayNext() || (profile === 'replay' && pending.length === 0))
      )
        return { ok: true, trajectory: transcript.toTrajectory(), sent: false }; // nothing was sent
    }
    while (transcript.rounds < maxTurns) {
      if (ctx.signal.aborted)
        return fail({ kind: 'cancelled', message: 'conversation cancelled', retryable: false });
      const left = remaining();
      if (left <= 0) {
        return fail({
          kind: 'budget_exhausted',
          message: `conversation budget of ${runtime.budgetMs} ms spent${runtime.budgetNote ? ` (${runtime.budgetNote})` : ''}`,
          retryable: false,
        });
      }
      const history = buildWireHistory(transcript.messages, profile);
      const retry: RetryFilter = (error) => RETRIED_KINDS.has(error.kind) && remaining() > 0;
      // whole milliseconds (a budget's remainder is fractional: "no reply within 1497.247… ms")
      const timeoutMs = Math.max(1, Math.ceil(Math.min(transport.timeoutMs, left)));
      const reply = await transport.requestJson({
        noStream: 'a chat agent',
        method: 'POST',
        url: config.url,
        body: {
          messages: history.messages,
          metadata: { test_case_id: ctx.example.id, turn_index: history.turnIndex },
        },
        signal: ctx.signal,
        retry,
        timeoutMs,
        ...(deadline === undefined ? {} : { deadlineAt: deadline }),
      });
      if (!reply.ok) {
        const error: StepError = { ...reply.error };
        if (error.kind === 'timeout' && timeoutMs < transport.timeoutMs)
          error.message = `${error.message}, all that was left of the conversation's ${runtime.budgetMs} ms ${runtime.budgetNote ? `budget (${runtime.budgetNote})` : 'limits.budget'}`;
        if (reply.status !== undefined && reply.text !== undefined) {
          error.details = { body: codePointCut(reply.text, 500) };
          // a cut reply's transport_error quotes where it stopped already (QA185: twice over)
          const said = error.kind === 'transport_error' ? '' : serverSaid(reply.body, reply.text);
          if (said !== '') error.message = `${error.message}: ${said}`;
          if (error.kind === 'invalid_json') error.message += pythonReprHint(reply.text);
          error.message += chatEndpointHint(config.url, reply.status);
          error.message += chatNullFieldsHint(profile === 'replay', reply.status, reply.body);
        }
        return fail(error);
      }
      const empty = emptyReplyError(config.url, reply);
      if (empty) return fail(empty);
      const checked = validateAgentReply(reply.body);
      if (!checked.ok) {
        return fail({
          kind: 'contract_violation',
          message: `agent reply does not match the contract: ${checked.reason}${agentSaidSuffix(reply.body)}`,
          retryable: false,
        });
      }
      transcript.events.push(...numberPrecisionEvents(reply.text, transcript.rounds));
      const fresh = dropEchoedHistory(checked.reply.messages, history.messages);
      if (fresh.echoed > 0)
        transcript.events.push({
          turn: transcript.rounds,
          type: 'compat_warning',
          data: { warning: 'echoed_history', messages: fresh.echoed },
        });
      transcript.addReply({ ...checked.reply, messages: fresh.messages }, history.messages);
      const endedBy = findTerminatingCall(checked.reply.messages, terminating);
      if (endedBy !== undefined) {
        transcript.terminate(endedBy);
        break;
      }
      if (!sayNext()) break;
      // Today's platform appends its last scripted line and stops: that line is never answered (C15).
      if (profile === 'replay' && pending.length === 0) break;
    }
    return { ok: true, trajectory: transcript.toTrajectory() };
  }

  return {
    protocol: 'chat',
    profile,
    invoke,

    async probe(signal) {
      const reply = await transport.requestJson({
        noStream: 'a chat agent',
        method: 'POST',
        url: config.url,
        body: { messages: [{ role: 'user', content: 'ping' }] },
        signal,
        retry: false,
        timeoutMs: PROBE_TIMEOUT_MS,
      });
      if (!reply.ok)
        return {
          ok: false,
          error: {
            ...reply.error,
            message: reply.error.message + chatEndpointHint(config.url, reply.status),
          },
        };
      const checked = validateAgentReply(reply.body);
      if (!checked.ok)
        return {
          ok: false,
          error: { kind: 'contract_violation', message: checked.reason, retryable: false },
        };
      return { ok: true };
    },

    async close() {
      await transport.close();
    },
  };
}
