/**
 * Public API of the metrics library (see README.md). Pure and deterministic: no clock, no
 * unseeded randomness, JSON-serialisable results. The executor calls, in order:
 * resolveMetric → scoreMetric / scoreExample → rollupRepeats → aggregate → evaluateGates.
 */
export {
  type AggregateInput,
  type AggregateReport,
  aggregate,
  type DatasetInput,
  type TaskInput,
} from './aggregate.js';
export { type ExampleScoreRow, flattenResults, hierarchicalWeights } from './example-rows.js';
export { corpusBleu, sentenceBleu } from './families/bleu.js';
export { contentOf as judgedContent } from './families/content-assessment.js';
export { rougeL } from './families/rouge-l.js';
export { evaluateGates, type GateOptions, type GateResult, type GateSpec, NOT_IN_BASELINE } from './gates.js';
export { hashExpected, matchesExpectedHash } from './hash-expected.js';
export { type LintExample, type LintFinding, type LintOptions, lintDataset } from './lint-dataset.js';
export { metricReadsExpected } from './reads-expected.js';
export {
  getMetricDefinition,
  listMetricDefinitions,
  type MetricIssue,
  metricKeyParts,
  type ResolveMetricResult,
  resolveMetric,
} from './registry.js';
export { type MetricListIssue, resolveMetricList } from './resolve-metric-list.js';
export { type RollupRequest, rollupRepeats } from './rollup-repeats.js';
export {
  deriveRepeat,
  isGating,
  type MetricContext,
  metricPasses,
  type ScoreExampleRequest,
  scoreExample,
  scoreMetric,
} from './score-example.js';
export type * from './types.js';
