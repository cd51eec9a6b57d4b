/**
 * A RAIP agent's `url` is its base URL (DESIGN §2: `GET {url}/info`, `POST {url}/invoke`). A url
 * written as one of the endpoints (`…/invoke`, `…/info`) asks `/invoke/info`, which the agent
 * answers 404 or 405: the discovery error says what to write instead (QA96; the chat adapter does
 * the same the other way round, chat/endpoint-hint.ts).
 */
export function raipBaseUrlHint(url: string, status: number | undefined): string {
  if (status !== 404 && status !== 405) return '';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '';
  }
  const match = /^(.*?)\/(info|invoke)\/?$/.exec(parsed.pathname);
  if (!match) return '';
  // Origin and path only: never the url's user:password (as every request is named in errors).
  const base = `${parsed.origin}${match[1]}${parsed.search}`;
  return ` (a RAIP agent's url is its base URL: evalc asks GET {url}/info and posts {url}/invoke, and this url ends in /${match[2]}: url: ${base}?)`;
}
