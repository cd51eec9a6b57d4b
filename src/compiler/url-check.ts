/**
 * Agent and judge URLs that evalc will send HTTP requests to must be absolute http(s) URLs:
 * a typo (`htp://`, `127.0.0.1:7101` without a scheme, `not a url`) is a validate error at the
 * URL's `file:line:col` rather than, at apply, a transport error per example ("invalid URL for
 * GET", or a chat agent's five `contract_error`s).
 *
 * Checked: `url` of raip, chat, openai and http agents and of mae agents on the http/sse
 * transports; a judge's `url`; `serve.ready.url`. Not checked: mae socket addresses (checked by
 * the socket parser). A URL holding a `{{template}}` is an error too: no URL is rendered (DESIGN
 * §3: an http agent's body is templated, not its URL), so it would go out as `%7B%7Bid%7D%7D`.
 */
import type { Diagnostic, PlanPath } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import type { LoadedPlan } from '../plan/load.js';
import { replaceKeyedPlaceholders } from '../plan/placeholder-keys.js';
import type { AgentConfig, Plan } from '../plan/schema.js';
import { replaceKeyedShellRefs } from '../plan/secret-placement.js';
import { maskUrlQueryCredentials } from '../plan/url-secrets.js';

type Locate = (p: PlanPath, key?: string) => ReturnType<LoadedPlan['locate']>;

/** Why `url` is not an absolute http(s) URL, or undefined when it is one. */
export function describeBadHttpUrl(url: string): string | undefined {
  if (url.includes('{{'))
    return 'holds a {{template}}, but URLs are sent as written: only the input is templated (an http agent sends it as the body, or as query parameters for GET)';
  // A key written shell-style, `http://h/$ghp_AbCd…/v1`, `$env:ghp_…`: sent as those characters, and
  // recorded so in evalc.lock, the reports and the step log (QA335: validate said nothing).
  // Its `user:password@` is never sent nor recorded (EVALC_URL_CREDENTIALS warns): a password's `$`,
  // `u:$uperSecret2024@h`, is its own character (QA346: refused as a key written shell-style).
  const sent = withoutUserinfo(url);
  if (replaceKeyedShellRefs(sent, () => '') !== sent)
    return 'holds a key written shell-style (`$…`): evalc expands no shell variable, so it would be sent, and recorded in evalc.lock and the reports, as written (send a key in a header, `${env.NAME}`)';
  if (/^[\w.-]+:\d+(\/|$)/.test(url)) return `is missing its scheme (write http://${urlAsSaid(url)})`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'is not an absolute URL (expected http://host:port/…)';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return `uses ${parsed.protocol.slice(0, -1)}:, not http: or https:`;
  }
  if (parsed.hostname === '') return 'has no host';
  return undefined;
}

/** `url` without its `user:password@` (or a token alone, `TOKEN@`) when a parser reads it. */
function withoutUserinfo(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.username === '' && parsed.password === '') return url;
    parsed.username = '';
    parsed.password = '';
    return parsed.href;
  } catch {
    return url;
  }
}

function agentHttpUrl(agent: AgentConfig): string | undefined {
  if (agent.protocol === 'mae')
    return agent.transport === 'http' || agent.transport === 'sse' ? agent.url : undefined;
  return agent.url;
}

/** Pushes one EVALC_URL_INVALID error per agent/judge/serve URL that is not an http(s) URL. */
export function checkHttpUrls(plan: Plan, diagnostics: Diagnostic[], at: Locate): void {
  const urls: [PlanPath, string, string][] = [];
  for (const [id, agent] of Object.entries(plan.agents)) {
    const url = agentHttpUrl(agent);
    if (url !== undefined) urls.push([['agents', id, 'url'], url, `agent ${id}`]);
    const ready = agent.serve?.ready?.url;
    if (ready !== undefined)
      urls.push([['agents', id, 'serve', 'ready', 'url'], ready, `agent ${id} serve.ready`]);
  }
  for (const [id, judge] of Object.entries(plan.judges)) {
    if (judge.url !== undefined) urls.push([['judges', id, 'url'], judge.url, `judge ${id}`]);
    const ready = judge.serve?.ready?.url;
    if (ready !== undefined)
      urls.push([['judges', id, 'serve', 'ready', 'url'], ready, `judge ${id} serve.ready`]);
  }
  for (const [path, url, who] of urls) {
    const problem = describeBadHttpUrl(url);
    if (problem === undefined) continue;
    diagnostics.push(
      diagnostic('EVALC_URL_INVALID', `${who}: url ${JSON.stringify(urlAsSaid(url))} ${problem}`, path, {
        source: at(path),
        hint: 'an agent or judge URL is an absolute http:// or https:// URL, e.g. http://127.0.0.1:7101',
      }),
    );
  }
}

/**
 * A url as a message says it, read as text (no parser reads a bad one): its password (`user:***@`,
 * a token alone `***@`) and query credentials (`?code=***`) masked, as the excerpt masks them
 * (QA222: `url "http://user:Passw0rd@127.0.0.1:99999/v1" is not an absolute URL` said them as written).
 */
export function urlAsSaid(url: string): string {
  // A key pasted in a placeholder, `{{env.ghp_AbCd…}}`, is said `{{env…}}` (QA322: the 'holds a
  // {{template}}' message quoted it whole above an excerpt that starred it).
  // One left open, `{{env.ghp_…`, is said `{{env…` (QA328: quoted whole).
  const masked = replaceKeyedPlaceholders(
    maskUrlQueryCredentials(url),
    (placeholder, env) => `{{${env ? 'env' : ''}…${placeholder.endsWith('}}') ? '}}' : ''}`,
  );
  const from = masked.includes('//') ? masked.indexOf('//') + 2 : 0;
  const end = masked.slice(from).search(/[/?#]/);
  const authority = masked.slice(from, end === -1 ? masked.length : from + end);
  const at = authority.lastIndexOf('@');
  if (at === -1) return passwordPastAuthority(masked, from, authority);
  const info = authority.slice(0, at);
  const said = info.includes(':') ? `${info.slice(0, info.indexOf(':'))}:***` : '***';
  return `${masked.slice(0, from)}${said}${masked.slice(from + at)}`;
}

/**
 * A password holding a `/`, `?` or `#` unescaped (base64 has `/`: `http://user:ab/cd@h/v1`) ends the
 * url's authority early, so no parser reads the url, and it was said whole (QA226): after `user:`, a
 * word that is no port up to the next `@` is masked. `h:99999/a@b` is a port, kept as written.
 */
function passwordPastAuthority(masked: string, from: number, authority: string): string {
  const colon = authority.indexOf(':');
  const first = masked.indexOf('@', from + authority.length);
  // The host's `@` is the last before the path: `user:ab/c@d@h` holds `c@d` too (QA231: `d` was said).
  const host = first === -1 ? -1 : masked.slice(first).search(/[/?#\s]/);
  const sign = first === -1 ? -1 : masked.lastIndexOf('@', host === -1 ? masked.length : first + host);
  if (colon === -1 || sign === -1 || /^\d*$/.test(authority.slice(colon + 1))) return masked;
  if (/\s/.test(masked.slice(from, sign))) return masked;
  return `${masked.slice(0, from + colon + 1)}***${masked.slice(sign)}`;
}
