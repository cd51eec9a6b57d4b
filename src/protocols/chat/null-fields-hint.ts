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
    const field = Array.isArray(loc) ? platformField(loc) : undefined;
    if (field !== undefined) missing.add(field);
  }
  if (missing.size === 0) return '';
  const onMessages = [...missing].filter((field) => field !== 'tool_result');
  const where = [
    ...(onMessages.length > 0 ? [`${onMessages.join(', ')} on every message`] : []),
    ...(missing.has('tool_result') ? ['tool_result on every tool call'] : []),
  ].join(' and ');
  return ` (the agent requires ${where}, which today's Connexity platform sends as null and the seed contract leaves out: profile: platform?)`;
}

/**
 * The platform null field a 422 `loc` names: a message's own field (`messages.<i>.tool_calls`,
 * `tool_call_id`, `name`) or a tool call's `tool_result` (`messages.<i>.tool_calls.<j>.tool_result`).
 * A `name` deeper in a message (`messages.0.metadata.name`, a tool call's `function.name`) is the
 * agent's own field, which no profile sends: no hint there (QA127). Pydantic v2 names the member
 * of a union in the loc after the index: a model's class (`messages.0.UserMessage.tool_calls`, over
 * `list[UserMessage | AssistantMessage]`) or the role of a union discriminated by it
 * (`messages.0.user.name`), or a callable discriminator's `Tag` or a generic model's name, which
 * are no identifier, so no field's name (`messages.0.user-msg.name`, `messages.0.Msg[str].name`);
 * that member is skipped (QA134, QA148).
 */
function platformField(loc: unknown[]): string | undefined {
  const at = loc.indexOf('messages');
  if (at < 0 || typeof loc[at + 1] !== 'number') return undefined;
  const rest = withoutMember(loc.slice(at + 2));
  if (rest.length === 1 && typeof rest[0] === 'string' && PLATFORM_NULL_FIELDS.has(rest[0])) {
    if (rest[0] !== 'tool_result') return rest[0];
  }
  if (rest.length < 3 || rest[0] !== 'tool_calls' || typeof rest[1] !== 'number') return undefined;
  const call = withoutMember(rest.slice(2));
  return call.length === 1 && call[0] === 'tool_result' ? 'tool_result' : undefined;
}

const ROLES = new Set(['system', 'user', 'assistant', 'tool']);

/** `rest` without a leading union member tag (a class name or a role) that precedes a field. */
function withoutMember(rest: unknown[]): unknown[] {
  const tag = rest[0];
  const isMember =
    typeof tag === 'string' && (ROLES.has(tag) || /^[A-Z][A-Za-z0-9_]*$/.test(tag) || /\W/.test(tag));
  return isMember && rest.length > 1 ? rest.slice(1) : rest;
}
