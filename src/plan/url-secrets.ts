/**
 * A credential an agent's or judge's URL carries in its query string, known by the parameter's
 * name: `?code=` of an Azure Function, `?key=` of a Google API, `?sig=` of an Azure SAS, a
 * presigned `X-Amz-Signature`. Such a value is a secret of the run, as a header's is: masked in
 * everything evalc writes, and written `***` where evalc records the URL (evalc.lock's `endpoint`,
 * the identity that enters content keys), so rotating it re-invokes nothing (QA160: it was kept in
 * evalc.lock and the reports, and an agent echoing its URL had it stored).
 */
import type { Lockfile } from '../lockfile/types.js';
import { maskCommandCredentials } from './command-secrets.js';
import { MIN_SECRET_LENGTH, secretForms } from './secrets.js';

// Azure API Management's `subscription-key`, GitLab's `private_token`, `api_token`, `auth_token` too
// (QA280: kept as written in evalc.lock, the reports and 'is the agent running at <url>?'); OAuth's
// `refresh_token` and `id_token`, `session_token`, and the `x-api-key` header's name written as a
// parameter, as some gateways take it.
const CREDENTIAL_PARAM =
  /^(?:code|key|api[-_]?key|x-api-key|access[-_]?token|refresh[-_]?token|id[-_]?token|session[-_]?token|token|auth|sig|signature|secret|client[-_]?secret|password|passwd|pwd|x-amz-signature|x-amz-security-token|x-goog-signature|subscription[-_]?key|private[-_]?token|api[-_]?token|auth[-_]?token)$/i;

const MASK = '***';

/**
 * The `name=value` pieces of a URL's query string as written, each `&` or `;` between them a piece of
 * its own (joined back with ''), and where that string lies (QA197: `?q=x;api_key=…`, the `;` some
 * servers split a query at, kept its credential in evalc.lock and the reports).
 */
function queryPieces(url: string): { start: number; end: number; pieces: string[] } | undefined {
  const hash = url.indexOf('#');
  const end = hash === -1 ? url.length : hash;
  const start = url.indexOf('?');
  if (start === -1 || start > end) return undefined;
  return { start: start + 1, end, pieces: splitQuery(url.slice(start + 1, end)) };
}

/**
 * A query's pieces, each separator a piece of its own (joined back with ''): at each `&`, and at a
 * `;` that a `name=` follows (QA197); a `;` inside a value is the value's (QA208: `?token=AbCd;EfGh1234`,
 * which a server splitting at `&` only reads whole, was recorded `?token=***;EfGh1234`).
 */
function splitQuery(query: string): string[] {
  return query.split(/(&|;(?=[\w.~%-]{1,64}=))/);
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Whether a query parameter's (decoded) name is one a credential goes by. */
export function isCredentialParam(name: string): boolean {
  return CREDENTIAL_PARAM.test(name);
}

/**
 * Whether a query's `name=value` piece, as written, is a credential evalc masks: a credential's
 * name and a value that is neither too short nor a plain word (validate's excerpt masked
 * `?key=search`, which every other output keeps as written; QA178).
 */
export function isQueryCredential(piece: string): boolean {
  return credentialValue(piece) !== undefined;
}

/**
 * A value that reads as a word, not a token: lower-case letters, words joined by `-`, `_` or `.`
 * (`python`, `search`, `prod-eu`). A generated credential has digits or capitals (an Azure Function
 * code, a Google `AIza…` key, a SAS `sig`, an AWS signature's hex); a 16-character random token
 * without either is a one-in-a-million draw.
 */
const PLAIN_WORD = /^[a-z]+(?:[-_.][a-z]+)*$/;

/**
 * Whether a `name=value` piece names a credential and has a value to hide. A value shorter than
 * MIN_SECRET_LENGTH is no secret, as a header's is not (never masked: README "Secrets"): it stays
 * plan content, so `?code=US` → `?code=FR` re-invokes (QA165: it was keyed out, re-invoking
 * nothing, while the reports showed it as written). So does a plain word (`?key=search`,
 * `?code=python`): masked as a secret, every reply that said the word had it replaced by `***`,
 * and was scored so (QA168). The value is written in the plan file either way (a `${env.X}` is
 * refused in a url, EVALC_SECRET_PLACEMENT).
 */
function credentialValue(piece: string): string | undefined {
  const eq = piece.indexOf('=');
  if (eq === -1) return undefined;
  if (!CREDENTIAL_PARAM.test(decode(piece.slice(0, eq)))) return undefined;
  const value = piece.slice(eq + 1);
  const decoded = decode(value);
  if (value === MASK || decoded.length < MIN_SECRET_LENGTH || PLAIN_WORD.test(decoded)) return undefined;
  return value;
}

/** The URL with each credential parameter's value written `***`; any other URL exactly as given. */
export function maskUrlQueryCredentials(url: string): string {
  const query = queryPieces(url);
  if (!query) return url;
  let changed = false;
  const pieces = query.pieces.map((piece) => {
    if (credentialValue(piece) === undefined) return piece;
    changed = true;
    return `${piece.slice(0, piece.indexOf('='))}=${MASK}`;
  });
  return changed ? `${url.slice(0, query.start)}${pieces.join('')}${url.slice(query.end)}` : url;
}

/**
 * A text quoted in a message that may hold a url (`include: https://u:pw@h/x.yaml`, one path for the
 * list): its password and query credentials written `***`, as the excerpt masks them (QA228).
 */
export function maskUrlText(text: string): string {
  // A password may hold a `/` (base64: `u:ab/cd@h`, QA226); `h:8080/a@b` is a port, kept.
  return maskUrlQueryCredentials(text).replace(
    /(:\/\/)([^/?#@\s:]*):(?!\d*(?:[/?#]|$))[^@\s]*?@/g,
    `$1$2:${MASK}@`,
  );
}

/**
 * The rest of a url's query read as a key: `url: http://h/a?q=x,y&api_key=…` in braces, its `,`
 * ending the unquoted value, left the key `y&api_key=…` (QA189: said whole in validate's message and
 * --json's path, while the excerpt masked it); each credential piece's value written `***`.
 */
export function maskQueryText(text: string): string {
  return splitQuery(text) // QA197: `y;api_key=…` too
    .map((piece) =>
      credentialValue(piece) === undefined ? piece : `${piece.slice(0, piece.indexOf('='))}=${MASK}`,
    )
    .join('');
}

/**
 * The credential parameters' names in a URL (for a warning: names, never values); `written`: only
 * those whose value is written out, not a `${…}` reference (refused where it stands, EVALC_SECRET_PLACEMENT).
 */
export function urlQueryCredentialNames(url: string | undefined, written = false): string[] {
  const query = url === undefined ? undefined : queryPieces(url);
  if (!query) return [];
  return query.pieces
    .filter((piece) => {
      const value = credentialValue(piece);
      return value !== undefined && !(written && value.includes('${'));
    })
    .map((piece) => decode(piece.slice(0, piece.indexOf('='))));
}

/** The credential values of a URL's query, as written and decoded, in the forms a server quotes. */
export function urlQuerySecrets(url: string | undefined): string[] {
  const query = url === undefined ? undefined : queryPieces(url);
  if (!query) return [];
  const out = new Set<string>();
  for (const piece of query.pieces) {
    const value = credentialValue(piece);
    if (value === undefined) continue;
    // A value holding a raw `;` is masked whole and in its parts but plain words: a server splitting
    // at `;` reads `AbCd` of `token=AbCd;EfGh1234` (QA208).
    const parts = value.includes(';') ? value.split(';').filter((part) => !PLAIN_WORD.test(part)) : [];
    for (const form of [value, decode(value), ...parts])
      if (form.length >= MIN_SECRET_LENGTH) for (const s of secretForms(form)) out.add(s);
  }
  return [...out];
}

/**
 * How a url evalc.lock recorded differs from the one evalc records now, for a plan reason that
 * never quotes a credential: `(old → new)` with the old url's query credentials written `***`, or,
 * when they were the only difference (a lock written before QA160 kept `?code=<value>`), a note
 * saying so; undefined when they are the same, or the lock records none. QA165: the reason quoted
 * the lock's credential.
 */
export function recordedUrlChange(locked: string | undefined, now: string): string | undefined {
  // A lock that records no endpoint (written before evalc.lock had one) cannot tell: the caller
  // names what else changed (QA168: plan stopped on a TypeError, reading the url it did not have).
  if (locked === undefined || locked === now) return undefined;
  const masked = maskUrlQueryCredentials(locked);
  if (masked !== now) return `(${masked} → ${now})`;
  return credentialNote(locked, 'content keys');
}

/**
 * `(evalc.lock, written by an earlier evalc, records its query credential code=: …)`: what a plan
 * reason says when a recorded url differs from this evalc's only by its credential, never quoting
 * it; `keptOutOf`: what else evalc keeps it out of (content keys; a dataset source's plan digest).
 */
export function credentialNote(locked: string, keptOutOf: string): string {
  const names = urlQueryCredentialNames(locked).map((name) => `${name}=`);
  return `(evalc.lock, written by an earlier evalc, records its query credential ${names.join(', ')}: evalc now keeps it out of evalc.lock and ${keptOutOf})`;
}

/**
 * The lock with each url it records (an agent's or judge's endpoint, a remote dataset's source)
 * written with its query credential `***`, as this evalc records it: a lock an earlier evalc wrote
 * kept `?code=<value>`, which `evalc diff`, a report against it (QA165) and `apply --baseline`
 * (QA168: report.md and report.json read 'a: endpoint changed …?code=<value> → …?code=***') quoted
 * as a changed endpoint. Read as written otherwise.
 */
export function withoutUrlCredentials(lock: Lockfile): Lockfile {
  const mask = <T extends object>(records: Record<string, T> | undefined, field: keyof T & string) => {
    for (const record of Object.values(records ?? {})) {
      const value = (record as Record<string, unknown>)[field];
      if (typeof value === 'string' && /^[a-z][a-z0-9+.-]*:\/\//i.test(value))
        (record as Record<string, unknown>)[field] = maskUrlQueryCredentials(value);
    }
  };
  mask(lock.agents, 'endpoint');
  mask(lock.judges, 'endpoint');
  mask(lock.datasets, 'source');
  // A command's written-out key (QA339), which an earlier evalc recorded as written.
  for (const record of [...Object.values(lock.agents ?? {}), ...Object.values(lock.judges ?? {})]) {
    const value = (record as { endpoint?: unknown }).endpoint;
    if (typeof value === 'string' && !/^[a-z][a-z0-9+.-]*:\/\//i.test(value))
      (record as { endpoint?: unknown }).endpoint = maskCommandCredentials(value);
  }
  return lock;
}
