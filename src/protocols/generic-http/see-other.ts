/**
 * POST-redirect-GET for `http` agents (QA22). An API that answers a POST with `303 See Other`
 * says the result is at its `Location`, to be read with GET (RFC 9110 §15.4.4) — the
 * synchronous cousin of an asynchronous `202` + poll. The shared transport follows a POST only
 * through 307/308 (a 301/302 would drop the body: redirect-policy.ts); for the generic adapter a
 * 303 is the answer's address, so evalc reads it once with GET, under the transport's rules for a
 * GET (same host only, since the request's headers carry secrets; further redirects of the GET
 * followed as usual). Other protocols keep reporting the 303.
 */
import { decideRedirect } from '../http/redirect-policy.js';
import type { HttpTransport, JsonResponse } from '../http/transport.js';

export async function followSeeOther(
  transport: HttpTransport,
  reply: JsonResponse,
  method: string,
  url: string,
  signal: AbortSignal,
): Promise<JsonResponse> {
  if (reply.ok || reply.status !== 303 || method === 'GET') return reply;
  const decision = decideRedirect('GET', url, 303, reply.headers?.location, 0);
  if (!decision.follow) return reply;
  return transport.requestJson({ method: 'GET', url: decision.url, signal, textReply: true });
}
