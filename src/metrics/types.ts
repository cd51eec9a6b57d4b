/**
 * Contracts of the metrics library (see README.md): what a metric definition declares, what a
 * score step receives and returns, and the per-example / aggregate result shapes the executor
 * stores in the lockfile. Everything returned is plain JSON.
 */
import type { z } from 'zod';
import type { JudgeClient } from '../protocols/judge-types.js';
import type { StepError, Trajectory } from '../protocols/types.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The 4 categories of DESIGN.md §4. */
export type MetricCategory = 'performance' | 'content' | 'attributes' | 'meta';

/** The 11 families of DESIGN.md §4 (RAIP paper, Table 2). */
export type MetricFamily =
  | 'outcome_efficacy'
  | 'trajectory_quality'
  | 'action_validity'
  | 'linguistic_fidelity'
  | 'content_assessment'
  | 'efficiency'
  | 'behavioural_attributes'
  | 'safety'
  | 'robustness'
  | 'evaluator_reliability'
  | 'benchmark_integrity';

export type MetricStage = 'example' | 'derived' | 'repeats' | 'set';

/** The example as the metrics see it (the dataset record after validation). */
export interface ExampleInfo {
  id: string;
  vars: Record<string, unknown>;
  weight?: number | undefined;
  tags?: string[] | undefined;
  human_score?: number | undefined;
  [key: string]: unknown;
}

export interface RubricInfo {
  name: string;
  dimensions: { id: string; description: string; weight: number }[];
  failureModes?: string[] | undefined;
}

export interface ScoreInput {
  /** Named candidate values extracted by the binding's JMESPath expressions. */
  candidates: Record<string, unknown>;
  /** `example.expected` (undefined when the example only has `expected_sha256`). */
  expected: unknown;
  /** `example.expected_sha256`: a hash string, or an object of hashes keyed like `expected`. */
  expectedSha256?: unknown;
  example: ExampleInfo;
  trajectory: Trajectory;
  /** Wall time of the invoke step, milliseconds. */
  durationMs: number;
  /** The judge client named by the metric's `judge` param (judge, checklist). */
  judge?: JudgeClient;
  /** The rubric resolved by the executor (plan `rubrics:` or the judge's `rubric:`). */
  rubric?: RubricInfo;
  /** The metric's `content` template, already rendered by the executor (judge, checklist). */
  content?: string;
  /**
   * A judge metric without `reference:` whose rubric is an evalc built-in (they compare the
   * answer with the expected outcome): the example's expected value is sent as its reference.
   */
  sendsExpected?: boolean;
  /** Plan `prices:` per model, USD per 1M tokens. */
  prices: Record<string, { input: number; output: number }>;
  signal: AbortSignal;
}

export interface ScoreResult {
  /** In [0,1], higher is better; null when not scored (measurement only, or error). */
  score: number | null;
  /** Raw measurement (ms, tokens, USD, a rate, a correlation…); see the definition's `unit`. */
  value?: number;
  pass?: boolean;
  details?: Json;
  error?: StepError;
}

/** The metric config fields every metric shares (handled by the executor, not by `params`). */
export interface MetricCommon {
  type: string;
  id: string;
  threshold?: number;
  gate?: boolean;
  weight?: number;
}

/** A metric config after `resolveMetric`: common fields split from validated params. */
export interface ResolvedMetric<P = Record<string, unknown>> extends MetricCommon {
  params: P;
}

/** One repeat of one example: the invoke outcome and every example/derived metric result. */
export interface RepeatResult {
  repeat: number;
  /** Set when the invoke (or extraction) failed. */
  error?: StepError;
  candidates: Record<string, unknown>;
  durationMs?: number;
  /** Keyed by metric id. */
  results: Record<string, ScoreResult>;
  /** Whether the example passes (pass_rate logic). */
  pass: boolean;
  /**
   * Per judge metric id, a digest of the text its judge was given on this repeat (judge_stability
   * compares repeats with the same text); never written to a lock or report.
   */
  judgedText?: Record<string, string>;
}

/** Per-metric summary of one example after rolling up its repeats. */
export interface ExampleMetricResult {
  /** Mean score over repeats with a score; null if none. */
  score: number | null;
  /** Mean value over repeats with a value. */
  value?: number;
  /** Share of repeats that passed this metric (when it has a pass notion). */
  pass?: boolean;
  /** Repeats whose result had an error. */
  errors: number;
  details?: Json;
}

export interface ExampleOutcome {
  example: string;
  weight: number;
  /** Repeats whose invoke failed. */
  invokeErrors: number;
  repeats: number;
  human_score?: number;
  metrics: Record<string, ExampleMetricResult>;
}

export interface ExampleStageDefinition<P> extends DefinitionBase<P> {
  stage: 'example';
  /**
   * True when, for this example, the metric only measures (its score would be null): a failed
   * invoke then gets no score either, as the efficiency family (refusal_rate without should_refuse).
   */
  measuresOnly?(params: P, example: ExampleInfo): boolean;
  /**
   * What it measures on what a failed invoke left (a `mae` conversation that ended on an unknown
   * action), when that is its measurement: the example still scores 0, this is its `value`.
   */
  failedValue?(trajectory: Trajectory): number | undefined;
  score(input: ScoreInput, params: P): ScoreResult | Promise<ScoreResult>;
}

export interface DerivedInput {
  /** Results of the example-stage metrics of this repeat, by metric id. */
  results: Record<string, ScoreResult>;
  /** The example-stage metric configs (to know gating metrics). */
  metrics: ResolvedMetric[];
  invokeError?: StepError;
  durationMs?: number;
  /** Whether the repeat passes (computed before derived metrics run). */
  pass: boolean;
}

export interface DerivedStageDefinition<P> extends DefinitionBase<P> {
  stage: 'derived';
  derive(input: DerivedInput, params: P): ScoreResult;
}

export interface RepeatsStageDefinition<P> extends DefinitionBase<P> {
  stage: 'repeats';
  rollup(repeats: RepeatResult[], params: P): ScoreResult;
}

export interface SetInput {
  agent: string;
  /** This agent's examples of one dataset (rolled up over repeats). */
  examples: ExampleOutcome[];
  /** The other agents' outcomes on the same dataset (win_rate). */
  others: Record<string, ExampleOutcome[]>;
}

export interface SetStageDefinition<P> extends DefinitionBase<P> {
  stage: 'set';
  compute(input: SetInput, params: P): ScoreResult;
}

interface DefinitionBase<P> {
  type: string;
  family: MetricFamily;
  category: MetricCategory;
  /** Part of the score step's content key: bump when results may change. */
  version: string;
  description: string;
  /** Direction of `value` (scores are always higher-is-better). */
  higherIsBetter: boolean;
  /** Unit of `value`, when the metric measures one. */
  unit?: string;
  params: z.ZodType<P>;
}

export type MetricDefinition<P = unknown> =
  | ExampleStageDefinition<P>
  | DerivedStageDefinition<P>
  | RepeatsStageDefinition<P>
  | SetStageDefinition<P>;
