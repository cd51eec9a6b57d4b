/**
 * Which redirects the HTTP transport follows — the judgement a careful client makes (Python
 * requests follows them all, curl none without `-L`):
 * - GET: 301, 302, 303, 307 and 308 are followed (reading `/info` or `/v1/version` again at the
 *   new place is harmless);
 * - POST and other methods: only 307 and 308, which by definition repeat the same method with
 *   the same body (FastAPI/Starlette's trailing-slash redirect is a 307). A 301/302/303 would
 *   turn a POST into a body-less GET (requests does that, then the agent answers 405): evalc
 *   reports it instead, naming where it points;
 * - only to the same host (the same origin, or the same host moving from http to https): the
 *   configured headers carry secrets, and another host must not receive them;
 * - at most `MAX_REDIRECTS` hops.
 * A redirect not followed stays the `http_<code>` failure it was, its message saying where the
 * agent points (origin and path: a query string may carry a token) and what to change.
 */

export const MAX_REDIRECTS = 5;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export function isRedirectStatus(status: number): boolean {
  return REDIRECT_STATUSES.has(status);
}

export type RedirectDecision = { follow: true; url: string } | { follow: false; why: string };

export function decideRedirect(
  method: string,
  currentUrl: string,
  status: number,
  location: string | undefined,
  hop: number,
): RedirectDecision {
  if (location === undefined || location.trim() === '')
    return { follow: false, why: 'redirect without a Location header' };
  let current: URL;
  let target: URL;
  try {
    current = new URL(currentUrl);
    target = new URL(location.trim(), current);
  } catch {
    return { follow: false, why: 'redirect to an invalid Location' };
  }
  target.hash = '';
  const shown = `${target.origin}${target.pathname}`;
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    return { follow: false, why: `redirect to ${target.protocol} URL, which evalc does not follow` };
  if (!isSameHost(current, target)) {
    return {
      follow: false,
      why: `redirected to ${shown}, another host: evalc does not follow it (the request's headers may carry secrets); set the url to it if it is the agent's`,
    };
  }
  const preservesMethod = status === 307 || status === 308;
  if (method !== 'GET' && !preservesMethod) {
    return {
      follow: false,
      why: `redirected to ${shown}: evalc follows a ${method} only through 307/308 (a ${status} would drop its body); set the url to the new location`,
    };
  }
  if (hop >= MAX_REDIRECTS)
    return { follow: false, why: `too many redirects (more than ${MAX_REDIRECTS}), last to ${shown}` };
  return { follow: true, url: target.toString() };
}

function isSameHost(current: URL, target: URL): boolean {
  if (current.origin === target.origin) return true;
  const upgrade = current.protocol === 'http:' && target.protocol === 'https:';
  return (
    upgrade && current.hostname === target.hostname && (target.port === '' || target.port === current.port)
  );
}
