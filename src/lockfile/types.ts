/**
 * The lockfile (DESIGN.md §5): pins everything needed to reproduce a run, and its results.
 * Keys are sorted, 2-space indent, one example per line in `results`. No timestamps, no
 * host values, no secrets. Volatile figures (durations, tokens) live in `volatile`, which
 * `evalc diff` compares with tolerance.
 */
export const LOCK_VERSION = 1;

export interface LockDataset {
  source: string;
  format: string;
  sha256: string;
  examples: number;
}

export interface LockAgent {
  protocol: string;
  /** URL or command without secrets. */
  endpoint: string;
  /** The folder a `command:` runs in, relative to the plan's, when not the plan's own (an included file's). */
  commandDir?: string;
  name?: string;
  version?: string;
  /** The plan's `version:` where it differs from the version the agent's discovery gave (RAIP /info), which `version` holds. */
  declaredVersion?: string;
  schemaDigest?: string;
  etag?: string;
  /** Digest of the agent's result-relevant identity (config + discovery). */
  digest: string;
  /** Protocol settings that shape results, as run (mae: profile, relay, maxTurns, transport; chat: history profile and terminatingTools when set; http: method and response; openai: model, temperature and maxTokens when set). */
  settings?: Record<string, string | number | boolean>;
}

export interface LockJudge {
  protocol: string;
  endpoint: string;
  /** As LockAgent's: where a `command:` declared in an included file runs. */
  commandDir?: string;
  /** The plan's model, else the model(s) the judge's verdicts reported (sorted, ` | `-joined). */
  model?: string;
  /** The rubric(s) the judge's metrics used (sorted, ` | `-joined like rubricVersion's tags). */
  rubric?: string;
  rubricVersion?: string;
  /**
   * agent-eval: the tags of the rubrics registered on the server that the plan's metrics use, by
   * name (`GET /v1/rubrics`); they are part of those metrics' score keys (compiler/judge-pins.ts).
   */
  registeredRubrics?: Record<string, string>;
  /** agent-eval: the server's version; openai: the model(s) its server reported serving, when not the plan's (QA229). */
  version?: string;
  wireVersion?: string;
  digest: string;
}

export interface LockMetric {
  type: string;
  version: string;
  digest: string;
  config: Record<string, unknown>;
}

export interface LockGroup {
  agent: string;
  task: string;
  dataset: string;
  binding: string;
  agentDigest: string;
  inputDigest: string;
  outputDigest: string;
  datasetSha256: string;
  taskWeight: number;
  datasetWeight: number;
  metrics: Record<string, LockMetric>;
}

export interface LockMetricResult {
  score: number | null;
  value?: number;
  pass?: boolean;
  errors?: number;
  /** The kind of the metric's own failure (e.g. `judge_error`) in its first failed repeat; invoke errors are the row's `errors`. */
  error?: string;
  /** Key of the score step (one repeat) or keys (several repeats). */
  key?: string;
  keys?: string[];
}

export interface LockResult {
  group: string;
  example: string;
  weight: number;
  invoke: (string | null)[];
  /** Error kinds of failed repeats, in repeat order (null = ok). */
  errors?: (string | null)[];
  pass: boolean | null;
  metrics: Record<string, LockMetricResult>;
  human_score?: number;
}

export interface LockAggregate {
  mean: number | null;
  ci: [number, number] | null;
  n: number;
  errors?: number;
  /** Share of examples passing (set by renderers that compute it; not written by apply). */
  passRate?: number | null;
  /** 'value' when the metric is a measurement (ms, tokens, USD) rather than a [0,1] score. */
  measure?: 'value';
  /**
   * A scored metric's own measurement, when it has one that is not volatile: judge_agreement's
   * signed correlation (its score is max(0, r)), position_bias's bias, numeric's distance.
   */
  value?: { mean: number | null; ci: [number, number] | null; n: number };
}

export interface LockGate {
  metric: string;
  scope: string;
  agent: string;
  kind: 'min' | 'max' | 'regression';
  passed: boolean;
  /** The gate could not be evaluated (e.g. a regression gate without --baseline); it does not fail the run. */
  skipped?: boolean;
  actual: number | null;
  message: string;
}

export interface Lockfile {
  evalc: string;
  language: number;
  lockVersion: number;
  plan: { digest: string; benchmark: { id: string; version: string } };
  run: { repeats: number; seed: number; bootstrap: number; significance: number; trace: boolean };
  datasets: Record<string, LockDataset>;
  agents: Record<string, LockAgent>;
  judges: Record<string, LockJudge>;
  groups: Record<string, LockGroup>;
  results: LockResult[];
  /** Aggregates by scope (`benchmark`, `task/<t>`, `dataset/<t>/<d>`), then agent, then metric id. */
  aggregates: Record<string, Record<string, Record<string, LockAggregate>>>;
  gates: LockGate[];
  /**
   * Every step of the run: a digest of all invoke and score keys, whether the run left nothing to
   * retry (no transient failure), and error kinds with counts. An unchanged plan whose steps match
   * is up to date: apply returns this lockfile as it is.
   */
  steps?: { digest: string; complete: boolean; errors: Record<string, number> };
  volatile: Record<
    string,
    {
      durationMsMean?: number;
      durationMsP50?: number;
      tokens?: number;
      invokes?: number;
      /** Mean per example of each volatile measure metric (`tokens`, `cost`, …), by metric id. */
      measures?: Record<string, number>;
      /**
       * Invokes the agent refused with its own 400 `ajvErrors` (RAIP R8), counted by apply (absent
       * when none): report.md's schema-drift flag reads it, not the invoke records read back.
       */
      schemaRefusals?: number;
    }
  >;
}
