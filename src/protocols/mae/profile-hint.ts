/**
 * The two mae profiles send different bodies: `seed` (the default) `{task_description, turn,
 * conversation_history}`, `agentv` `{task_description}` alone. A FastAPI/pydantic agent strict
 * about its body refuses the other profile's with a 400/422 whose `detail` names the field —
 * `extra_forbidden` (pydantic v2) / `value_error.extra` (v1) for a seed field it does not take,
 * `missing` / `value_error.missing` for one it needs. The error then names the profile that
 * sends what the agent expects (QA144; chat's null-fields hint does the same, QA122). One that
 * refuses `span_context` names `traceContext: true`, which adds it (QA149).
 */
import type { MaeProfileId } from './profiles.js';

const SEED_FIELDS = new Set(['turn', 'conversation_history']);
const EXTRA = new Set(['extra_forbidden', 'value_error.extra']);
const MISSING = new Set(['missing', 'value_error.missing']);

export function maeProfileHint(profile: MaeProfileId, status: number | undefined, body: unknown): string {
  if (status !== 422 && status !== 400) return '';
  if (typeof body !== 'object' || body === null) return '';
  const detail = (body as { detail?: unknown }).detail;
  if (!Array.isArray(detail)) return '';
  const named = new Set<string>();
  let spanContext = false;
  for (const item of detail) {
    if (typeof item !== 'object' || item === null) continue;
    const { loc, type } = item as { loc?: unknown; type?: unknown };
    if (!Array.isArray(loc) || typeof type !== 'string') continue;
    // `["body", "turn"]`, or `["turn"]` for a model read from the body itself
    const field = loc[0] === 'body' ? loc[1] : loc[0];
    if (loc.length > (loc[0] === 'body' ? 2 : 1) || typeof field !== 'string') continue;
    if (field === 'span_context' && EXTRA.has(type)) spanContext = true;
    if (!SEED_FIELDS.has(field)) continue;
    if (profile === 'seed' ? EXTRA.has(type) : MISSING.has(type)) named.add(field);
  }
  // QA149: `span_context` is sent only with traceContext: true (AgentV sends it only when
  // OpenTelemetry is importable), and an agent strict about its body refuses it.
  const trace = spanContext
    ? ' (the agent refuses span_context, which traceContext: true adds to every request: remove traceContext from the agent, or have the agent accept the field)'
    : '';
  if (named.size === 0) return trace;
  const fields = [...SEED_FIELDS].filter((field) => named.has(field)).join(', ');
  return `${
    profile === 'seed'
      ? ` (the agent refuses ${fields}, which the seed profile (the default) sends: an agent written for today's AgentV harness, which sends {task_description} alone, needs profile: agentv)`
      : ` (the agent requires ${fields}, which profile: agentv does not send: an agent written for the Agent API document needs profile: seed, the default)`
  }${trace}`;
}
