/**
 * The agent-eval wire as the judge client sees it: three methods and a health probe, each
 * answering a parsed JSON result or a mapped step error. `http-wire.ts` and `rpc-wire.ts`
 * implement it; `agent-eval-judge.ts` holds the protocol logic both share.
 */
import type { StepError } from '../types.js';

export type WireCall = { ok: true; result: unknown } | { ok: false; error: StepError };

export interface JudgeWireBody {
  rubricName?: string;
  rubric?: unknown;
  content: string;
  context?: Record<string, unknown>;
  model?: string;
}

export interface AgentEvalWire {
  /** `http` or `rpc`, for messages and the lockfile. */
  readonly transport: 'http' | 'rpc';
  version(signal: AbortSignal): Promise<WireCall>;
  listRubrics(signal: AbortSignal): Promise<WireCall>;
  judge(body: JudgeWireBody, signal: AbortSignal): Promise<WireCall>;
  health(signal: AbortSignal): Promise<WireCall>;
  close(): Promise<void>;
}
