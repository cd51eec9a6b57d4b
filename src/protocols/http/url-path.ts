/**
 * Endpoint URLs from a configured base: `joinUrlPath('http://h/v1?api-version=2024-02-01',
 * '/chat/completions')` → `http://h/v1/chat/completions?api-version=2024-02-01`. The suffix
 * goes on the path and the base's query string stays last (Azure OpenAI's `api-version`, a
 * gateway's routing parameter); plain string joining put the suffix inside the query. `query`
 * adds parameters (RAIP's `trace=true`). A `#fragment` is dropped. A base that is not an absolute URL is joined as text.
 */
export function joinUrlPath(base: string, suffix: string, query?: Record<string, string>): string {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    const joined = `${base.replace(/\/+$/, '')}${suffix}`;
    const extra = new URLSearchParams(query).toString();
    return extra === '' ? joined : `${joined}${joined.includes('?') ? '&' : '?'}${extra}`;
  }
  if (url.search === '' && url.hash === '' && query === undefined)
    return `${base.replace(/\/+$/, '')}${suffix}`;
  url.hash = ''; // a fragment is never sent; left in place, the suffix would land inside it
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${suffix}`;
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
  return url.toString();
}
