/**
 * Which rubric a judge request means and how it goes on the wire: a rubric given inline in the
 * request, or defined under the plan's `rubrics:`, is sent inline (with its locally computed
 * `rubricVersion`, which the server must echo — A11); a name the server lists is sent as
 * `rubricName`; an evalc built-in the server does not list is sent inline; any other name is
 * sent as `rubricName` and the server answers 404 `rubric_not_found` (A7).
 */

import type { RubricConfig } from '../../plan/schema.js';
import { canonicalJson } from '../canonical-json.js';
import type { JudgeRequest } from '../judge-types.js';
import { resolveRubric } from '../rubrics/resolve-rubric.js';
import { computeRubricVersion } from '../rubrics/rubric-version.js';
import { type RubricContent, toWireRubric, type WireRubric } from '../rubrics/wire-rubric.js';
import type { RubricSelector } from './judge-body.js';
import type { ResultExpectation } from './verify-result.js';
import type { RubricInfo } from './wire-replies.js';

export interface RubricSelection {
  selector: RubricSelector;
  expectation: ResultExpectation;
}

/** MultiAgentEval's `judge_rubric` default; used when neither the request nor the judge names one. */
export const DEFAULT_RUBRIC_NAME = 'generic';

/** The request with its rubric name defaulted: request name, else the judge's `rubric`, else `generic`. */
export function withDefaultRubric(request: JudgeRequest, configRubric: string | undefined): JudgeRequest {
  if (request.rubric.name !== '') return request;
  return { ...request, rubric: { ...request.rubric, name: configRubric ?? DEFAULT_RUBRIC_NAME } };
}

/** Inline rubric of the request or the plan/built-ins, without consulting the server. */
export function localRubric(request: JudgeRequest, planRubrics: Record<string, RubricConfig>) {
  const ref = request.rubric;
  const resolved = resolveRubric(ref.name, planRubrics);
  if ('dimensions' in ref) {
    const content: Pick<RubricConfig, 'description' | 'dimensions' | 'failureModes'> = {
      dimensions: ref.dimensions,
    };
    if (ref.failureModes !== undefined) content.failureModes = ref.failureModes;
    if (ref.description !== undefined) content.description = ref.description;
    // A caller that echoes a plan/built-in rubric (without its description) means that rubric.
    if (resolved && ref.description === undefined && sameRubricContent(content, resolved.rubric)) {
      return { source: resolved.source, wire: toWireRubric(ref.name, resolved.rubric) };
    }
    return { source: 'request' as const, wire: toWireRubric(ref.name, content) };
  }
  if (!resolved) return undefined;
  return { source: resolved.source, wire: toWireRubric(ref.name, resolved.rubric) };
}

function sameRubricContent(a: RubricContent, b: RubricContent): boolean {
  const dims = (r: RubricContent) => r.dimensions.map((d) => [d.id, d.description, d.weight]);
  return canonicalJson([dims(a), a.failureModes ?? []]) === canonicalJson([dims(b), b.failureModes ?? []]);
}

export function selectInline(wire: WireRubric): RubricSelection {
  return {
    selector: { rubric: wire },
    expectation: {
      rubricName: wire.name,
      dimensions: wire.dimensions,
      rangesKnown: true,
      failureModeIds: wire.failureModes.map((m) => m.id),
      winIds: wire.wins.map((m) => m.id),
      localVersion: computeRubricVersion(wire),
    },
  };
}

export function selectRegistered(name: string, listed: RubricInfo | undefined): RubricSelection {
  if (!listed)
    return { selector: { rubricName: name }, expectation: { rubricName: name, rangesKnown: false } };
  return {
    selector: { rubricName: name },
    expectation: {
      rubricName: name,
      dimensions: listed.dimensions.map((d) => ({ id: d.id, weight: d.weight })),
      rangesKnown: false,
      failureModeIds: listed.failureModes,
      listedVersion: listed.rubricVersion,
    },
  };
}
