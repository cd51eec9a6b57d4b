/**
 * Rubrics shared by the judge clients: the wire form (agent-eval `Rubric`), its
 * `rubricVersion`, the composite score, built-in rubrics and name resolution.
 */
export { BUILTIN_RUBRICS } from './builtin-rubrics.js';
export { type CompositeDimension, computeComposite } from './composite.js';
export { type ResolvedRubric, resolveRubric } from './resolve-rubric.js';
export {
  computeRubricVersion,
  isCurrentRubricVersionScheme,
  RUBRIC_VERSION_SCHEME,
} from './rubric-version.js';
export {
  type RubricContent,
  renderRubricSystemPrompt,
  toWireRubric,
  type WireRubric,
  type WireRubricDimension,
  type WireRubricMode,
} from './wire-rubric.js';
