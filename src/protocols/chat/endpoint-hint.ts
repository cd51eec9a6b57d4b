/**
 * A chat agent's `url` is the endpoint itself (DESIGN §2: `…/agent/respond`). A url without a
 * path (`http://host:port`) that the server answers with 404 or 405 was almost always meant as a
 * base URL, as RAIP's is: the error says where the Connexity contract's endpoint would be.
 */
export function chatEndpointHint(url: string, status: number | undefined): string {
  if (status !== 404 && status !== 405) return '';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '';
  }
  if (parsed.pathname !== '/' || parsed.search !== '') return '';
  // As the request is named in errors (origin and path): never the url's user:password (QA79:
  // the hint quoted a literal `http://user:pw@host` into report.md, steps.log and junit.xml).
  const endpoint = `${parsed.origin}/agent/respond`;
  return ` (a chat agent's url is the endpoint itself, posted to as given; the Connexity contract's is ${endpoint}: url: ${endpoint}?)`;
}
