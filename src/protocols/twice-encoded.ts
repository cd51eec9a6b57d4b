/**
 * A reply encoded twice: a JSON string whose text is itself a JSON object or array,
 * `"{\"output\": …}"`. Python agents write it when a route returns `json.dumps(result)` (FastAPI,
 * Flask's `jsonify(json.dumps(…))`), which the framework encodes once more. The adapters said only
 * what the outer string lacks ("reply has no inputSchema", "reply is not a JSON object", "chat
 * completion has no choices[0].message") beside a reply that, decoded once more, had it (QA293).
 */

/** `; the reply is a JSON string holding a JSON object …` for a reply encoded twice, else ''. */
export function twiceEncodedSuffix(reply: unknown): string {
  if (typeof reply !== 'string') return '';
  const text = reply.trim();
  if (!(text.startsWith('{') && text.endsWith('}')) && !(text.startsWith('[') && text.endsWith(']')))
    return '';
  let inner: unknown;
  try {
    inner = JSON.parse(text);
  } catch {
    return '';
  }
  const what = Array.isArray(inner) ? 'array' : 'object';
  return `; the reply is a JSON string holding a JSON ${what}: it was encoded twice (a route returning json.dumps(…) is encoded once more by its framework): send the ${what} itself`;
}
