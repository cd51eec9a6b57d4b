/**
 * Plan mistakes an `http` agent can only show at its first request, refused before anything is
 * sent (QA22) instead of sending something the user did not mean:
 *
 * - a `{{…}}` placeholder in `url`: URLs are not templates (DESIGN §3: the body is), so the
 *   braces would go out literally (`/items/%7B%7Bid%7D%7D`). `config_error`, cached like an
 *   answer: fixing the url changes the agent's identity and re-invokes.
 * - a `content-type` header that is not JSON (`application/x-www-form-urlencoded`,
 *   `text/plain`): evalc sends the rendered input as JSON and the transport's
 *   `content-type: application/json` replaced the header, so a form or text API got JSON.
 *   Headers never enter a key, so this is a `transport_error` that is neither retried nor
 *   cached (like an unsendable header value): removing the header takes effect on the next apply.
 *   The value is never quoted (header values are secrets). A JSON type the plan names
 *   (`application/json; charset=utf-8`, `application/vnd.api+json`) is sent as written.
 */
import type { StepError } from '../types.js';

export function checkHttpRequestConfig(
  url: string,
  method: string,
  headers: Record<string, string> | undefined,
): StepError | undefined {
  if (/\{\{[\s\S]*?\}\}/.test(url)) {
    return {
      kind: 'config_error',
      message:
        'the url holds a {{…}} placeholder, but an http agent’s url is not a template (it would be sent literally): ' +
        'put the value in the input (the JSON body, or the query string with method: GET)',
      retryable: false,
    };
  }
  if (method === 'GET') return undefined; // no body: the header goes out as configured
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() !== 'content-type' || value.includes('${')) continue;
    const mediaType = value.split(';')[0]?.trim().toLowerCase() ?? '';
    if (mediaType === 'application/json' || mediaType.endsWith('+json')) continue;
    return {
      kind: 'transport_error',
      message:
        `the agent's headers set ${name} to a type that is not JSON, but an http agent sends the rendered input as a JSON body ` +
        '(Content-Type: application/json); form-encoded and plain-text bodies are not supported — remove the header or accept JSON',
      retryable: false,
    };
  }
  return undefined;
}

/** The literal JSON `content-type` the plan's headers name, to send instead of the default. */
export function declaredJsonContentType(headers: Record<string, string> | undefined): string | undefined {
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() === 'content-type' && !value.includes('${')) return value;
  }
  return undefined;
}
