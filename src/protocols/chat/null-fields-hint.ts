/**
 * A chat agent written against today's Connexity platform may declare the message fields the
 * platform always sends as `null` (`tool_calls`, `tool_call_id`, `name`: pydantic `X | None` with
 * no default) as required. Under the seed profile (the default) evalc leaves them out, as the
 * seed's examples do, and FastAPI refuses the request: `422 {"detail":[{"loc":["body","messages",
 * 0,"tool_calls"],"type":"missing",…}]}`. The error then names the profile that sends them (QA122).
 */
const PLATFORM_NULL_FIELDS = new Set(['tool_calls', 'tool_call_id', 'name', 'tool_result']);

export function chatNullFieldsHint(replays: boolean, status: number | undefined, body: unknown): string {
  if (replays || (status !== 422 && status !== 400)) return '';
  if (typeof body !== 'object' || body === null) return '';
  const detail = (body as { detail?: unknown }).detail;
  if (!Array.isArray(detail)) return '';
  const missing = new Set<string>();
  for (const item of detail) {
    if (typeof item !== 'object' || item === null) continue;
    const { loc, type } = item as { loc?: unknown; type?: unknown };
    if (type !== 'missing' && type !== 'value_error.missing') continue;
    if (!Array.isArray(loc) || !loc.includes('messages')) continue;
    const field = loc[loc.length - 1];
    if (typeof field === 'string' && PLATFORM_NULL_FIELDS.has(field)) missing.add(field);
  }
  if (missing.size === 0) return '';
  return ` (the agent requires ${[...missing].join(', ')} on every message, which today's Connexity platform sends as null and the seed contract leaves out: profile: platform?)`;
}
