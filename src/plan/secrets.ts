/**
 * `${env.NAME}` interpolation. Allowed only where a secret makes sense (agent and judge
 * `headers`, `serve.env`: checked at load time by secret-placement.ts); resolved at run time,
 * never hashed, never printed.
 */

import { addBase64Forms, scrubWrappedSecrets } from './secret-base64.js';
import { scrubCutSecrets } from './secret-cut.js';

const ENV_REF = /\$\{env\.([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Resolves `${env.NAME}` at run time; missing variables are reported by name only. */
export function resolveSecrets(
  values: Record<string, string> | undefined,
  env: NodeJS.ProcessEnv,
): { ok: true; values: Record<string, string> } | { ok: false; missing: string[] } {
  const out: Record<string, string> = {};
  const missing: string[] = [];
  for (const [key, value] of Object.entries(values ?? {}))
    out[key] = substituteEnvRefs(value, env, (name) => missing.push(name));
  return missing.length > 0 ? { ok: false, missing } : { ok: true, values: out };
}

/**
 * `template` with each `${env.NAME}` replaced by the environment's own `NAME` (never an inherited
 * member such as `constructor`); one that is not set becomes '' and is passed to `onMissing`.
 */
export function substituteEnvRefs(
  template: string,
  env: Record<string, string | undefined>,
  onMissing?: (name: string) => void,
): string {
  return template.replace(ENV_REF, (_, name: string) => {
    const value = Object.hasOwn(env, name) ? env[name] : undefined;
    if (value === undefined) onMissing?.(name);
    return value ?? '';
  });
}

/**
 * The shortest value treated as a secret to mask. A 1–3 character value (`abc`, a tenant code)
 * occurs inside ordinary words, numbers and digests: masking it everywhere would corrupt replies
 * and scores, so it is sent but never masked (README "Secrets").
 */
export const MIN_SECRET_LENGTH = 4;

/**
 * The environment values a map's `${env.NAME}` references resolve to: the secrets among
 * `serve.env` (whose other values, such as `PORT: "7101"`, are plain configuration), with the
 * forms in which they reappear in text (`secretForms`).
 */
export function referencedSecrets(
  values: Record<string, string> | undefined,
  env: NodeJS.ProcessEnv,
): string[] {
  const out = new Set<string>();
  for (const name of envReferences(values)) {
    const v = Object.hasOwn(env, name) ? env[name] : undefined;
    if (v !== undefined) addSecretForms(out, v);
  }
  return [...out].sort(longestFirst);
}

/** The NAMEs of a map's `${env.NAME}` references, in order (repeats included). */
function envReferences(values: Record<string, string> | undefined): string[] {
  return Object.values(values ?? {}).flatMap((value) => [...value.matchAll(ENV_REF)].map((m) => m[1]!));
}

/**
 * `${env.NAME}` references of a map whose value is set but shorter than MIN_SECRET_LENGTH: sent,
 * never masked. Their names (never values), for a warning.
 */
export function shortSecretNames(
  values: Record<string, string> | undefined,
  env: NodeJS.ProcessEnv,
): string[] {
  const names = new Set<string>();
  for (const name of envReferences(values)) {
    const v = Object.hasOwn(env, name) ? env[name] : undefined;
    if (v !== undefined && v.length > 0 && v.length < MIN_SECRET_LENGTH) names.add(name);
  }
  return [...names].sort();
}

/**
 * `${env.NAME}` references of a map whose variable is set but empty: an empty value is sent (a CI
 * secret a fork's pull request cannot read is set to '', not unset). Their names, for a warning.
 */
export function emptySecretNames(
  values: Record<string, string> | undefined,
  env: NodeJS.ProcessEnv,
): string[] {
  const names = new Set(envReferences(values).filter((name) => Object.hasOwn(env, name) && env[name] === ''));
  return [...names].sort();
}

/**
 * Every resolved secret value, for scrubbing logs and outputs: each header value, the credential
 * after its scheme (`Bearer <token>`, and for `Basic` the decoded `user:password` and password),
 * each in the forms it takes when a server quotes it back (`secretForms`). Longest first.
 */
export function secretValues(resolved: Record<string, string>[]): string[] {
  const values = new Set<string>();
  for (const map of resolved) {
    for (const v of Object.values(map)) {
      addSecretForms(values, v);
      const scheme = /^\s*(\S+)\s+(\S+)\s*$/.exec(v);
      if (!scheme) continue;
      addSecretForms(values, scheme[2]!);
      if (scheme[1]!.toLowerCase() === 'basic') {
        const decoded = decodeBasicCredentials(scheme[2]!);
        if (decoded !== undefined) {
          addSecretForms(values, decoded);
          addSecretForms(values, decoded.slice(decoded.indexOf(':') + 1));
        }
      }
    }
  }
  return [...values].sort(longestFirst);
}

/**
 * The secrets of a headers map: `secretValues` of its resolved values, and each `${env.NAME}`
 * value it references on its own — a token inside a longer value (`cookie: "session=${env.S}"`,
 * `x-key: "${env.ID}:${env.KEY}"`) is what a server quotes back, without the rest (QA60).
 */
export function headerSecrets(
  headers: Record<string, string> | undefined,
  resolved: Record<string, string>,
  env: NodeJS.ProcessEnv,
): string[] {
  const all = new Set([...secretValues([resolved]), ...referencedSecrets(headers, env)]);
  return [...all].sort(longestFirst);
}

/**
 * A secret as it appears in text evalc stores: as is, escaped inside a JSON string (once, or
 * twice when a server put a JSON document in a string: a `\` or `"` in the value changes form;
 * also with non-ASCII as `\uXXXX`, as Python writes it), percent-encoded (a server quoting the
 * URL it was called with; `addPercentForms`), HTML-escaped (an error page; `addHtmlForms`), and
 * its UTF-8 bytes read as Latin-1 (a non-ASCII value quoted in a reply header). Values shorter than MIN_SECRET_LENGTH give none.
 */
export function secretForms(value: string): string[] {
  const out = new Set<string>();
  addSecretForms(out, value);
  return [...out];
}

/** A PEM armor line (RFC 7468): public, the same in every key of its kind. */
const PEM_ARMOR = /^-----(?:BEGIN|END) [A-Z0-9 ]+-----$/;

function addSecretForms(out: Set<string>, value: string): void {
  if (value.length < MIN_SECRET_LENGTH) return;
  out.add(value);
  // HTTP drops the spaces and tabs around a header value: a token pasted with a trailing space
  // reaches the server, and comes back, without it (QA160).
  const trimmed = value.trim();
  if (trimmed !== value) addSecretForms(out, trimmed);
  // A PEM key kept on one line with `\n` written out (a `.env` file, a service account's
  // `private_key`) is expanded by the agent that loads it, then printed line by line: its
  // expanded form is a secret too, and so its lines (QA168: they stayed in the agent's log and in
  // a reply quoting the key).
  if (/\\n/.test(value)) addSecretForms(out, value.replace(/\\r\\n|\\n/g, '\n'));
  // A value of several lines (a PEM key, a service account's JSON in `serve.env`) is printed, and
  // logs are masked, line by line: each line with a letter or digit is a secret of its own (QA160);
  // not a PEM armor line (`-----BEGIN PRIVATE KEY-----`), the same in every key: masked, it was
  // taken out of any reply quoting it (QA165).
  if (/[\r\n]/.test(value))
    for (const line of value.split(/\r\n|\r|\n/)) {
      const text = line.trim();
      if (text.length >= MIN_SECRET_LENGTH && /[\p{L}\p{N}]/u.test(text) && !PEM_ARMOR.test(text))
        addSecretForms(out, text);
    }
  const once = JSON.stringify(value).slice(1, -1);
  out.add(once);
  out.add(JSON.stringify(once).slice(1, -1));
  // Python's json.dumps (ensure_ascii) spells non-ASCII as \uXXXX: a JSON document it put in a
  // string keeps that spelling once parsed.
  const ascii = once.replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  out.add(ascii);
  // PHP's json_encode escapes `/` (and non-ASCII) by default: an AWS-style `a/b` comes back `a\/b` (QA285: kept)
  if (value.includes('/')) for (const form of [once, ascii]) out.add(form.replace(/\//g, '\\/'));
  // the same in upper-case hex (Jackson's ESCAPE_NON_ASCII, `p\u00E4ss`), and .NET's
  // System.Text.Json, whose default encoder also escapes `"&'+<>\`` (`tok\u002Bli\u003Cve`):
  // a raw reply such an agent wrote, cut or not JSON, quoted it in the open (QA195)
  out.add(ascii.replace(/\\u([0-9a-f]{4})/g, (_, hex: string) => `\\u${hex.toUpperCase()}`));
  out.add(dotnetEscaped(value));
  // Go's encoding/json escapes `<`, `>` and `&` (HTML-safe) as \u003c, \u003e, \u0026: a JSON
  // document a Go agent put in a string keeps that spelling once parsed (QA160).
  if (/[<>&]/.test(value)) out.add(once.replace(/[<>&]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`));
  // Its UTF-8 bytes read as Latin-1: how a non-ASCII value comes back in a reply header.
  out.add(Buffer.from(value, 'utf8').toString('latin1'));
  // A header value is sent as Latin-1 bytes: a server that reads them as UTF-8 echoes each byte
  // no UTF-8 holds as U+FFFD — one per byte (Go's encoding/json, `\ufffd`) or per broken sequence
  // (WHATWG, Python's 'replace'); QA190: `p\ufffdss-w\ufffdrd-…` of `päss-wörd-…` stood in the open.
  if (/[\u0080-\u00ff]/.test(value) && !/[^\u0000-\u00ff]/.test(value)) {
    const bytes = Buffer.from(value, 'latin1');
    for (const form of [bytes.toString('utf8'), latin1PerByte(value)]) {
      if (form.length < MIN_SECRET_LENGTH) continue;
      // as read, and in a JSON string: as is, or `\ufffd` (Go)
      const once = JSON.stringify(form).slice(1, -1);
      out
        .add(form)
        .add(once)
        .add(once.replace(/\uFFFD/g, '\\ufffd'))
        .add(once.replace(/\uFFFD/g, '\\uFFFD')) // Jackson (QA195)
        .add(dotnetEscaped(form)); // .NET, its `+&'"<>\`` escaped too (QA198)
    }
  }
  addPercentForms(out, value);
  addHtmlForms(out, value);
  addBase64Forms(out, value);
}

/** `value` in a JSON string as .NET's System.Text.Json writes it by default (upper-case `\uXXXX`). */
function dotnetEscaped(value: string): string {
  let out = '';
  for (const unit of value.split(''))
    out += /["&'+<>`\u007f-\uffff]/.test(unit)
      ? `\\u${unit.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`
      : JSON.stringify(unit).slice(1, -1);
  return out;
}

/** `value`'s Latin-1 bytes read as UTF-8 the way Go does: each byte that starts no valid sequence is one U+FFFD. */
function latin1PerByte(value: string): string {
  const bytes = Buffer.from(value, 'latin1');
  let out = '';
  for (let i = 0; i < bytes.length; ) {
    const size = validSequenceLength(bytes, i);
    out += size === 0 ? '\uFFFD' : bytes.subarray(i, i + size).toString('utf8');
    i += size === 0 ? 1 : size;
  }
  return out;
}

/** The length of the valid UTF-8 sequence at `bytes[i]` (1 to 4), or 0 when none starts there. */
function validSequenceLength(bytes: Buffer, i: number): number {
  const lead = bytes[i]!;
  const size =
    lead < 0x80
      ? 1
      : lead >= 0xc2 && lead <= 0xdf
        ? 2
        : lead >= 0xe0 && lead <= 0xef
          ? 3
          : lead >= 0xf0 && lead <= 0xf4
            ? 4
            : 0;
  if (size <= 1) return size;
  const piece = bytes.subarray(i, i + size);
  return piece.length === size && !piece.toString('utf8').includes('\uFFFD') ? size : 0;
}

/**
 * Percent-encodings as servers write them: JavaScript's `encodeURIComponent`, RFC 3986's strict
 * form that also escapes `!'()*` (Go, PHP's rawurlencode), Python's `quote`, which keeps `/`, and
 * HTML forms' `application/x-www-form-urlencoded` (Python's `quote_plus`, and `URLSearchParams`, which keeps
 * `*` and escapes `~`: a space is `+`); each also with lower-case hex digits. An AWS-style key `a/b+c` quoted by Python reads
 * `a/b%2Bc`, which `encodeURIComponent` alone never matched (QA160).
 */
function addPercentForms(out: Set<string>, value: string): void {
  let component: string;
  try {
    component = encodeURIComponent(value);
  } catch {
    return; // a lone surrogate has no percent-encoding; the other forms still apply
  }
  const strict = component.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const plus = strict.replace(/%20/g, '+');
  const forms = [
    component,
    strict,
    strict.replace(/%2F/g, '/'),
    plus,
    plus.replace(/%2A/g, '*').replace(/~/g, '%7E'),
  ];
  for (const form of forms) {
    out.add(form);
    out.add(form.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()));
  }
}

/**
 * The spellings of a value with `&`, `<`, `>`, `"` or `'` in an HTML page (an error page quoting
 * the request's headers): `&amp;`, `&lt;`, `&gt;` with quotes as in text (kept), as Python's
 * `html.escape` (`&quot;`, `&#x27;`), markupsafe/Go (`&#34;`, `&#39;`), lodash (`&quot;`, `&#39;`)
 * PHP (`&quot;`, `&#039;`) and XML (`&apos;`) write them, and all five as decimal references (QA160).
 */
function addHtmlForms(out: Set<string>, value: string): void {
  if (!/[&<>"']/.test(value)) return;
  const text = value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const forms = [text];
  for (const [dq, sq] of [
    ['&quot;', '&#x27;'],
    ['&#34;', '&#39;'],
    ['&quot;', '&#39;'],
    ['&quot;', '&#039;'],
    ['&quot;', '&apos;'],
  ] as const)
    forms.push(text.replace(/"/g, dq).replace(/'/g, sq));
  forms.push(value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`));
  // each also inside a JSON string (an HTML snippet an agent returns in JSON): a `\` or a kept `"`
  // is escaped there, and the raw text of a reply quoted it in the open (QA190)
  for (const form of forms) out.add(form).add(JSON.stringify(form).slice(1, -1));
}

/** `user:password` of a Basic credential, when it is base64 of UTF-8 text with a colon. */
function decodeBasicCredentials(credential: string): string | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(credential)) return undefined;
  const decoded = Buffer.from(credential, 'base64').toString('utf8');
  if (!decoded.includes(':') || decoded.includes('\uFFFD')) return undefined;
  for (let i = 0; i < decoded.length; i++) if (decoded.charCodeAt(i) < 0x20) return undefined;
  return decoded;
}

const longestFirst = (a: string, b: string) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0);

/** The secrets of `scrubSecrets` in the order it needs, longest first (callers may push in any order). */
const ordered = new WeakMap<readonly string[], { length: number; sorted: string[] }>();

function longestFirstOf(secrets: readonly string[]): readonly string[] {
  let entry = ordered.get(secrets);
  if (entry?.length !== secrets.length) {
    entry = { length: secrets.length, sorted: [...new Set(secrets)].sort(longestFirst) };
    ordered.set(secrets, entry);
  }
  return entry.sorted;
}

/**
 * `text` with every secret replaced by `marker` (default `***`), the longest first so a token
 * is never left half-masked by a shorter secret inside it (another agent's, say); and the head of
 * one that a quote cut off before its `…` (secret-cut.ts).
 */
export function scrubSecrets(text: string, secrets: readonly string[], marker = '***'): string {
  if (secrets.length === 0 || text.length < MIN_SECRET_LENGTH) return text;
  return scrubCutSecrets(text, secrets, marker, (piece) => scrubWholeSecrets(piece, secrets, marker));
}

/**
 * `scrubSecrets` without the heads before a `…`: for what an agent or a judge wrote (an answer,
 * a trajectory, a reply body), which evalc has not cut — its own `…` after a word that begins
 * like a header value ('your application…' beside `Content-Type: application/json`) is the
 * agent's text, scored as written (QA103).
 */
export function scrubWholeSecrets(text: string, secrets: readonly string[], marker = '***'): string {
  if (secrets.length === 0 || text.length < MIN_SECRET_LENGTH) return text;
  // base64 lines read joined first: a `***` left in one broke its run (QA290: a key's second spelling kept)
  let out = scrubWrappedSecrets(text, longestFirstOf(secrets), marker);
  for (const s of longestFirstOf(secrets)) if (out.includes(s)) out = out.split(s).join(marker);
  return out;
}

/** Whether `text` contains any of the secrets (a cheap test before scrubbing a parsed document). */
export function containsSecret(text: string, secrets: readonly string[]): boolean {
  for (const s of secrets) if (text.includes(s)) return true;
  return false;
}

/**
 * A JSON value with every secret replaced in each string, keys included; the same object when
 * none occurs. String by string, not on the JSON text: a secret with a quote or a backslash
 * must not break the document.
 */
export function scrubJsonValue<T>(value: T, secrets: readonly string[], marker = '***'): T {
  return scrubLeaves(value, secrets, marker) as T;
}

/** The secrets a number's text can hold (digits, `.`, `-`, `+`, `e`), computed once per list. */
const numeric = new WeakMap<readonly string[], { length: number; found: string[] }>();

function numericSecrets(secrets: readonly string[]): string[] {
  let entry = numeric.get(secrets);
  if (entry?.length !== secrets.length) {
    entry = {
      length: secrets.length,
      found: secrets.filter((s) => /^[0-9.eE+-]+$/.test(s) && /[0-9]/.test(s)),
    };
    numeric.set(secrets, entry);
  }
  return entry.found;
}

/** Used on replies only, as they came: whole secrets (`scrubWholeSecrets`), no cut heads. */
function scrubLeaves(value: unknown, secrets: readonly string[], marker: string): unknown {
  if (typeof value === 'string') return scrubWholeSecrets(value, secrets, marker);
  // A numeric secret (a PIN, an account number) comes back as a JSON number: its text is masked,
  // and the number becomes that text (QA160: `{"pin": 48213977}` was stored as sent).
  if (typeof value === 'number') {
    const digits = numericSecrets(secrets);
    if (digits.length === 0) return value;
    const text = String(value);
    return containsSecret(text, digits) ? scrubWholeSecrets(text, digits, marker) : value;
  }
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const clean = scrubLeaves(value[i], secrets, marker);
      if (clean !== value[i]) {
        copy ??= value.slice();
        copy[i] = clean;
      }
    }
    return copy ?? value;
  }
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const cleanKey = scrubSecrets(key, secrets, marker);
    const clean = scrubLeaves(item, secrets, marker);
    if (cleanKey !== key || clean !== item) changed = true;
    out[cleanKey] = clean;
  }
  return changed ? out : value;
}
