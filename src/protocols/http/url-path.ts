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
  // A bare `?` or `#` parses to an empty search/hash: joined as text, the suffix went after it
  // (`…/v2?` asked `/v2?/info`, `…/v1#` sent `/v1` itself, QA151).
  if (url.search === '' && url.hash === '' && !/[?#]/.test(base) && query === undefined)
    return `${base.replace(/\/+$/, '')}${suffix}`;
  url.hash = ''; // a fragment is never sent; left in place, the suffix would land inside it
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${suffix}`;
  if (query !== undefined) url.search = withParams(url.search, query);
  return url.toString();
}

/**
 * `search` with `query`'s parameters set: a parameter already there gets the new value in place
 * (later repeats dropped), the others are appended; every other byte of the query is kept as
 * written. `URLSearchParams` re-encoded the whole query (`%20` → `+`, `~` → `%7E`), so a signed
 * or token-bearing base URL reached `/invoke?…&trace=true` altered (QA143).
 */
function withParams(search: string, query: Record<string, string>): string {
  const pending = new Map(Object.entries(query));
  const parts: string[] = [];
  for (const part of search.replace(/^\?/, '').split('&')) {
    if (part === '') continue;
    const key = decodeQueryKey(part.split('=')[0] as string);
    if (!Object.hasOwn(query, key)) parts.push(part);
    else if (pending.has(key)) {
      parts.push(queryPair(key, query[key] as string));
      pending.delete(key);
    }
  }
  for (const [key, value] of pending) parts.push(queryPair(key, value));
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}

function queryPair(key: string, value: string): string {
  return `${encodeURIComponent(key)}=${encodeURIComponent(value)}`;
}

function decodeQueryKey(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}
