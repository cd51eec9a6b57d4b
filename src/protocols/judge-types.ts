/**
 * The judge client interface (agent-eval wire protocol over HTTP or stdio rpc, or an
 * OpenAI-compatible LLM). The `judge` and `checklist` metrics call it from score steps.
 */
import type { StepError } from './types.js';

export interface RubricDimension {
  id: string;
  description: string;
  weight: number;
}

/** A rubric evalc sends inline (plan `rubrics:`) or a name registered on the judge server. */
export type RubricRef =
  | { name: string }
  | { name: string; dimensions: RubricDimension[]; failureModes?: string[]; description?: string };

export interface JudgeRequest {
  /** The text under judgement (rendered from the metric's `content` template). */
  content: string;
  rubric: RubricRef;
  /** Optional task context, reference answer, and scenario for the judge. */
  task?: string;
  reference?: string;
  model?: string;
  temperature?: number;
}

export interface JudgeVerdict {
  /** Composite in [0,1]: Σ wᵢ sᵢ / Σ wᵢ over dimensions. */
  score: number;
  dimensions: Record<string, number>;
  failureModes: string[];
  rationale?: string;
  /** As reported by the judge (agent-eval `rubricVersion`), pinned in the lockfile. */
  rubricVersion?: string;
  /** Positive patterns detected (agent-eval `wins`). */
  wins?: string[];
  /** The model that produced the judgement, as reported. */
  model?: string;
  /** Non-fatal findings, e.g. a composite that differs from evalc's recomputation. */
  warnings?: string[];
  /**
   * A rubric listed without ranges (agent-eval `/v1/rubrics`) whose composite is not what its
   * dimensions give on 0..1 (this, evalc's recomputation): they score on the server's own scale.
   */
  unitComposite?: number;
}

export type JudgeOutcome = { ok: true; verdict: JudgeVerdict } | { ok: false; error: StepError };

export interface JudgeServerInfo {
  version?: string;
  wireVersion?: string;
  /** agent-eval: the reported package name. */
  package?: string;
  /** agent-eval wire 1.0.0: rubricVersion tags may use the pre-0.167 scheme (not `sha256-rfc8785`). */
  legacyRubricVersionScheme?: boolean;
}

export interface JudgeClient {
  readonly protocol: 'agent-eval' | 'openai';
  /** Checks compatibility (agent-eval: GET /v1/version, wire major 1). */
  describe(
    signal: AbortSignal,
  ): Promise<{ ok: true; info: JudgeServerInfo } | { ok: false; error: StepError }>;
  judge(request: JudgeRequest, signal: AbortSignal): Promise<JudgeOutcome>;
  close(): Promise<void>;
}
