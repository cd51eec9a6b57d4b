/**
 * The forms a secret takes in text evalc stores (`secretForms`): as is, JSON-escaped the ways
 * common JSON writers do, percent-encoded, HTML-escaped, read back from Latin-1 bytes, and its
 * base64 spellings (secret-base64.ts); the lines of a multi-line secret; a Basic credential's
 * decoded `user:password`. secrets.ts resolves the secrets and masks these forms.
 */

import { addBase64Forms } from './secret-base64.js';

/**
 * The shortest value treated as a secret to mask. A 1–3 character value (`abc`, a tenant code)
 * occurs inside ordinary words, numbers and digests: masking it everywhere would corrupt replies
 * and scores, so it is sent but never masked (README "Secrets").
 */
export const MIN_SECRET_LENGTH = 4;

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

export function addSecretForms(out: Set<string>, value: string): void {
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
export function decodeBasicCredentials(credential: string): string | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(credential)) return undefined;
  const decoded = Buffer.from(credential, 'base64').toString('utf8');
  if (!decoded.includes(':') || decoded.includes('\uFFFD')) return undefined;
  for (let i = 0; i < decoded.length; i++) if (decoded.charCodeAt(i) < 0x20) return undefined;
  return decoded;
}
