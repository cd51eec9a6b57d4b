/**
 * The MultiAgentEval action loop: send the task, read an action, act on it, repeat until a
 * terminal action or `maxTurns` agent calls.
 *
 * | action | effect |
 * |---|---|
 * | `final_answer`, `completed` | success; answer from `summary`/`answer`/`instructions`/`message`/`content` |
 * | `provide_instructions` | seed: success (answer likewise); agentv: `unknown_action` failure |
 * | `call_tool`, `call_multiple_tools` | governance + sandbox; the profile's relay text is the next message |
 * | `hitl_pause` | `example.human`, else `Auto-approved (CI-Override): <prompt>`, is the next message |
 * | `processing` | the same message is sent again |
 * | `branch` | failure `unknown_action` (evalc does not fork trajectories) |
 * | `error` | failure `contract_error` carrying the agent's message |
 * | missing / unknown action, reply not an object | failure `unknown_action`, counted as invalid |
 * | known action with missing fields (no `tool_name`, …) | failure `contract_violation`, counted as invalid |
 * Every agent call counts as a turn; reaching `maxTurns` calls without a terminal action fails
 * with `max_turns_exceeded`. Transport failures end the loop with their own kind.
 * With a `traceId` (plan `traceContext: true`) every request body gets
 * `span_context: {traceparent}` and the request the same `traceparent` header (trace-context.ts).
 */

import { quoteCut } from '../quote-cut.js';
import { agentSaidSuffix } from '../reply-error-field.js';
import { twiceEncodedSuffix } from '../twice-encoded.js';
import type { ExampleScript, InvokeOutcome, StepError } from '../types.js';
import { isRecord, parseAction } from './action.js';
import type { NameTracker } from './name-discovery.js';
import type { HistoryEntry, MaeProfile } from './profiles.js';
import { readToolTable } from './sandbox.js';
import { executeToolCalls } from './tool-step.js';
import { traceparentFor } from './trace-context.js';
import { TrajectoryRecorder } from './trajectory-recorder.js';
import { type MaeTransport, NUMBER_PRECISION_WARNING } from './transport.js';

export interface ActionLoopOptions {
  profile: MaeProfile;
  transport: MaeTransport;
  maxTurns: number;
  task: string;
  example: ExampleScript;
  signal: AbortSignal;
  log: (line: string) => void;
  /** Seed profile: records the agent's self-reported name. */
  names?: NameTracker;
  /** Plan `name`; wins over a discovered name in `response.agent_name`. */
  agentName?: string;
  /** W3C trace id of this conversation; when set, every request carries a `traceparent`. */
  traceId?: string;
}

export async function runActionLoop(options: ActionLoopOptions): Promise<InvokeOutcome> {
  const { profile, transport, example, signal, log } = options;
  const recorder = new TrajectoryRecorder();
  const table = readToolTable(example.tools);
  const history: HistoryEntry[] = [{ role: 'user', content: options.task }];
  const fail = (error: StepError): InvokeOutcome => {
    applyName(recorder, options);
    return { ok: false, error, trajectory: recorder.build(error) };
  };
  let message = options.task;
  let named = false;

  for (let turn = 1; turn <= options.maxTurns; turn++) {
    if (signal.aborted) return fail({ kind: 'cancelled', message: 'mae: cancelled', retryable: false });
    recorder.turns = turn;
    recorder.recordSent(message);
    const body = profile.buildBody(message, turn, history);
    let headers: Record<string, string> | undefined;
    if (options.traceId !== undefined) {
      const traceparent = traceparentFor(options.traceId, turn);
      body.span_context = { traceparent };
      headers = { traceparent };
    }
    const sent = await transport.send(body, { signal, log, ...(headers ? { headers } : {}) });
    if (!sent.ok) return fail(sent.error);
    for (const warning of sent.warnings) recorder.recordEvent(turn, 'compat_warning', { warning });
    if (sent.warnings.includes(NUMBER_PRECISION_WARNING))
      log(
        `mae: the reply of turn ${turn} holds an integer beyond 2^53, read rounded to the nearest double (send ids and account numbers as strings)`,
      );
    const reply = sent.reply;
    // The first reply of this conversation that names the agent: one event per conversation.
    const discovered = options.names?.observe(reply);
    if (discovered && !named) {
      named = true;
      recorder.recordEvent(turn, 'name_discovered', discovered);
    }

    const action = parseAction(reply);
    recorder.recordReply(turn, reply, action);
    history.push({ role: 'agent', content: reply });

    switch (action.type) {
      case 'final_answer':
      case 'completed':
        recorder.finalAnswer = action.answer;
        applyName(recorder, options);
        return { ok: true, trajectory: recorder.build() };
      case 'provide_instructions':
        if (!profile.endsOnProvideInstructions) {
          recorder.invalidActions += 1;
          return fail(unknownAction('provide_instructions is not an action of the agentv profile'));
        }
        recorder.finalAnswer = action.answer;
        applyName(recorder, options);
        return { ok: true, trajectory: recorder.build() };
      case 'call_tool':
      case 'call_multiple_tools': {
        const calls = action.type === 'call_tool' ? [action.call] : action.calls;
        const context = { turn, table, policies: example.policies, profile, recorder };
        const outcomes = executeToolCalls(calls, context);
        const results = outcomes.map((outcome) => outcome.result);
        history.push({ role: 'environment', content: action.type === 'call_tool' ? results[0] : results });
        message = profile.relayToolResults(outcomes, action.type === 'call_multiple_tools');
        break;
      }
      case 'hitl_pause': {
        const answer = example.human ?? `Auto-approved (CI-Override): ${action.prompt}`;
        recorder.recordEvent(turn, 'hitl_reply', {
          prompt: action.prompt,
          reply: answer,
          scripted: example.human !== undefined,
        });
        history.push({ role: 'human', content: answer });
        message = answer;
        break;
      }
      case 'processing':
        break;
      case 'branch':
        return fail(unknownAction('branch is not supported: evalc does not fork trajectories'));
      case 'error':
        return fail({
          kind: 'contract_error',
          // an `error` reply with no text of its own read "agent reported an error: agent reported an error"
          message:
            action.message === undefined
              ? 'agent reported an error (action: error, with no error, message or summary text)'
              : `agent reported an error: ${oneLine(action.message)}`,
          retryable: false,
        });
      case 'malformed':
        recorder.invalidActions += 1;
        return fail({
          kind: 'contract_violation',
          message: `${action.action}: ${action.problem}`,
          retryable: false,
        });
      case 'unknown':
        recorder.invalidActions += 1;
        return fail(
          unknownAction(
            action.action === null
              ? isRecord(reply) && reply.action !== undefined && reply.action !== null
                ? notTextAction(reply.action)
                : `reply has no action${isRecord(reply) ? agentSaidSuffix(reply) : ` (not a JSON object)${twiceEncodedSuffix(reply)}`}`
              : `unknown action ${JSON.stringify(action.action)}`,
          ),
        );
    }
  }
  return fail({
    kind: 'max_turns_exceeded',
    message: `no final answer after ${options.maxTurns} turn${options.maxTurns === 1 ? '' : 's'}`,
    retryable: false,
  });
}

function applyName(recorder: TrajectoryRecorder, options: ActionLoopOptions): void {
  recorder.agentName = options.agentName ?? options.names?.discovered;
}

function unknownAction(message: string): StepError {
  return { kind: 'unknown_action', message, retryable: false };
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return quoteCut(flat, 200);
}

/**
 * An `action` the reply has, of no use: `""`, a number, an object (QA338: `{"action": 5}` and
 * `{"action": {"type": "final_answer"}}` read 'reply has no action').
 */
function notTextAction(action: unknown): string {
  if (action === '') return 'reply has an empty action (one of final_answer, call_tool, …)';
  const what = Array.isArray(action)
    ? 'a list'
    : typeof action === 'object'
      ? 'an object'
      : `a ${typeof action}`;
  return `reply's action is ${what}, not an action name: ${quoteCut(JSON.stringify(action) ?? String(action), 60)}`;
}
