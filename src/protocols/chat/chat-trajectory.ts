/**
 * Accumulates a Connexity conversation into a Trajectory (shared/protocols/chat.md).
 *
 * Usage: each round counts the usage its reply reported, or an estimate when the reply has
 * none (estimate-usage.ts, C17); the trajectory's `usage` sums the rounds and says
 * `source: 'estimated'` when any round was estimated, `'reported'` when every round reported
 * (no `source` before the first reply). `response.usage` stays what the agent reported
 * (summed wire fields, or null): estimates never pose as the agent's own numbers.
 */

import { parseBoundedJson } from '../bounded-json.js';
import { addUsage, normalizeUsage } from '../http/normalize-usage.js';
import { newTrajectory } from '../http/trajectory.js';
import type { ChatMessage, ToolCallRecord, Trajectory, TrajectoryEvent, Usage } from '../types.js';
import { numberPrecisionEvents } from '../unsafe-integer.js';
import { estimateRoundUsage } from './estimate-usage.js';
import type { AgentReply, WireUsage } from './validate-reply.js';

export class ChatTranscript {
  readonly messages: ChatMessage[];
  readonly toolCalls: ToolCallRecord[] = [];
  readonly events: TrajectoryEvent[] = [];
  rounds = 0;
  invalidActions = 0;
  #reported: WireUsage | undefined;
  #usage: Usage = {};
  #measuredRounds = 0;
  #estimatedRounds = 0;
  #model: string | undefined;
  #provider: string | undefined;
  #metadata: Record<string, unknown> | undefined;

  constructor(opening: ChatMessage[]) {
    this.messages = [...opening];
  }

  addUser(content: string): void {
    this.messages.push({ role: 'user', content });
  }

  /** Counts an opening assistant greeting as the agent's first round (C4). */
  countGreeting(): void {
    this.events.push({ turn: this.rounds, type: 'greeting' });
    this.rounds++;
  }

  /** Appends a validated reply to the request whose `messages` were `sent`. */
  addReply(reply: AgentReply, sent: readonly { content?: unknown; tool_calls?: unknown }[]): void {
    const turn = this.rounds;
    // a loop, not push(...): 200,000 messages in one reply overflowed the call stack (QA9)
    for (const message of reply.messages) this.messages.push(message);
    this.#recordToolCalls(reply.messages, turn);
    this.#countUsage(reply, sent);
    if (reply.model !== undefined) this.#model = reply.model;
    if (reply.provider !== undefined) this.#provider = reply.provider;
    if (reply.metadata !== undefined) this.#metadata = reply.metadata;
    this.events.push({ turn, type: 'agent_round', data: { messages: reply.messages.length } });
    this.rounds++;
  }

  /** The last reply called a terminating tool (C16): the conversation ends there. */
  terminate(tool: string): void {
    this.events.push({ turn: this.rounds - 1, type: 'terminated', data: { tool } });
  }

  toTrajectory(): Trajectory {
    const trajectory = newTrajectory({
      messages: this.messages,
      model: this.#model ?? null,
      provider: this.#provider ?? null,
      usage: this.#reported ?? null,
      metadata: this.#metadata ?? null,
    });
    trajectory.messages = this.messages;
    trajectory.toolCalls = this.toolCalls;
    trajectory.events = this.events;
    trajectory.invalidActions = this.invalidActions;
    trajectory.turns = this.rounds;
    trajectory.usage = { ...this.#usage };
    if (this.#measuredRounds > 0)
      trajectory.usage.source = this.#estimatedRounds > 0 ? 'estimated' : 'reported';
    if (this.#model !== undefined) trajectory.model = this.#model;
    if (this.#provider !== undefined) trajectory.provider = this.#provider;
    return trajectory;
  }

  #countUsage(reply: AgentReply, sent: readonly { content?: unknown; tool_calls?: unknown }[]): void {
    const reported =
      reply.usage !== undefined && Object.keys(reply.usage).length > 0 ? reply.usage : undefined;
    if (reported) this.#reported = sumWireUsage(this.#reported, reported);
    // a count in no count's shape (-3) is usage reported, not none to estimate (QA185)
    const unreadable = reply.unreadableUsage;
    if (!reported && !unreadable) this.#estimatedRounds++;
    const round =
      reported || unreadable
        ? normalizeUsage({ ...reported, ...unreadable })
        : estimateRoundUsage(sent, reply.messages);
    this.#usage = addUsage(this.#usage, round);
    this.#measuredRounds++;
  }

  /** One record per assistant tool call, with the result of the `tool` message answering it. */
  #recordToolCalls(messages: ChatMessage[], turn: number): void {
    const results = new Map<string, string | null>();
    for (const m of messages)
      if (m.role === 'tool' && m.tool_call_id !== undefined) results.set(m.tool_call_id, m.content);
    for (const m of messages) {
      for (const call of m.tool_calls ?? []) {
        const record: ToolCallRecord = { turn, name: call.function.name, arguments: call.function.arguments };
        const parsed = parseJsonText(call.function.arguments);
        if (parsed.ok) {
          record.arguments = parsed.value;
          // the arguments are a JSON string inside the reply, so the reply's own scan never sees
          // an integer beyond 2^53 in them, read rounded here (QA323)
          this.events.push(...numberPrecisionEvents(call.function.arguments, turn));
        } else {
          record.error = 'arguments are not valid JSON';
          this.invalidActions++;
        }
        if (results.has(call.id)) {
          const content = results.get(call.id) ?? null;
          const result = content === null ? { ok: false as const } : parseJsonText(content);
          record.result = result.ok ? result.value : content;
          if (result.ok && content !== null) this.events.push(...numberPrecisionEvents(content, turn));
        }
        this.toolCalls.push(record);
      }
    }
  }
}

/** Field-wise sum of the usages the agent reported (fields it never reported stay absent). */
function sumWireUsage(a: WireUsage | undefined, b: WireUsage): WireUsage {
  const out: WireUsage = { ...a };
  for (const key of ['prompt_tokens', 'completion_tokens', 'total_tokens'] as const) {
    const add = b[key];
    if (add !== undefined) out[key] = (out[key] ?? 0) + add;
  }
  return out;
}

function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false } {
  return parseBoundedJson(text); // too deep: kept as the string it is
}
