/**
 * The rubric as the agent-eval wire protocol carries it (its `RubricSchema` after defaults),
 * and the conversion from an evalc plan rubric. Both judges (agent-eval, openai) hash and
 * prompt from this one form, so the same plan rubric gives the same `rubricVersion` on both.
 */
import type { RubricConfig } from '../../plan/schema.js';

export interface WireRubricDimension {
  id: string;
  description: string;
  weight: number;
  min: number;
  max: number;
}

export interface WireRubricMode {
  id: string;
  description: string;
}

/** agent-eval's parsed `Rubric`: every default applied, unknown keys stripped. */
export interface WireRubric {
  name: string;
  description: string;
  systemPrompt: string;
  dimensions: WireRubricDimension[];
  failureModes: WireRubricMode[];
  wins: WireRubricMode[];
}

/** A plan rubric's content (RubricConfig without its declared version). */
export type RubricContent = Pick<RubricConfig, 'description' | 'dimensions' | 'failureModes'>;

/** The wire form of plan rubric `name`. Deterministic: the system prompt is derived from the content. */
export function toWireRubric(name: string, rubric: RubricContent): WireRubric {
  const description = nonEmpty(rubric.description, `evalc rubric ${name}`);
  const dimensions = rubric.dimensions.map((d) => ({
    id: d.id,
    description: nonEmpty(d.description, d.id),
    weight: d.weight,
    min: 0,
    max: 1,
  }));
  const failureModes = (rubric.failureModes ?? []).map((id) => ({ id, description: id }));
  return {
    name,
    description,
    systemPrompt: renderRubricSystemPrompt(name, description, dimensions, failureModes),
    dimensions,
    failureModes,
    wins: [],
  };
}

/** The judge instructions evalc writes for a plan rubric (part of its content, hence of its version). */
export function renderRubricSystemPrompt(
  name: string,
  description: string,
  dimensions: WireRubricDimension[],
  failureModes: WireRubricMode[],
): string {
  const lines = [
    `You are a strict, fair evaluator applying the rubric "${name}": ${description}`,
    '',
    'Score the content on each dimension from 0 (worst) to 1 (best):',
    ...dimensions.map((d) => `- ${d.id} (weight ${d.weight}): ${d.description}`),
    '',
  ];
  if (failureModes.length > 0) {
    lines.push('Report every failure mode that applies, using only these ids:');
    lines.push(...failureModes.map((m) => `- ${m.id}`));
  } else {
    lines.push('This rubric defines no failure modes: report an empty list.');
  }
  lines.push('');
  lines.push(
    'Return ONLY JSON with "dimensions" (one score per dimension id), "failureModes" (ids) and a non-empty "rationale".',
  );
  return lines.join('\n');
}

function nonEmpty(value: string | undefined, fallback: string): string {
  return value !== undefined && value.length > 0 ? value : fallback;
}
