/**
 * `rubricVersion` exactly as agent-eval ≥ 0.167.0 computes it:
 * `<name>@sha256-rfc8785:<hex>`, SHA-256 over the RFC 8785 canonical JSON of the parsed rubric
 * (defaults applied, unknown keys stripped). Golden values: shared/protocols/agent-eval.md §3.2.
 */
import { canonicalJson, sha256Hex } from '../canonical-json.js';
import type { WireRubric } from './wire-rubric.js';

export const RUBRIC_VERSION_SCHEME = 'sha256-rfc8785';

/** The version tag of a parsed wire rubric. */
export function computeRubricVersion(rubric: WireRubric): string {
  const parsed: WireRubric = {
    name: rubric.name,
    description: rubric.description,
    systemPrompt: rubric.systemPrompt,
    dimensions: rubric.dimensions.map((d) => ({
      id: d.id,
      description: d.description,
      weight: d.weight,
      min: d.min,
      max: d.max,
    })),
    failureModes: rubric.failureModes.map((m) => ({ id: m.id, description: m.description })),
    wins: rubric.wins.map((m) => ({ id: m.id, description: m.description })),
  };
  return `${rubric.name}@${RUBRIC_VERSION_SCHEME}:${sha256Hex(canonicalJson(parsed))}`;
}

/** Whether a tag uses the current scheme (else it is the pre-0.167 djb2 form or unknown). */
export function isCurrentRubricVersionScheme(tag: string): boolean {
  return /^.+@sha256-rfc8785:[0-9a-f]{64}$/.test(tag);
}
