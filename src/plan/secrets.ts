/**
 * `${env.NAME}` interpolation. Allowed only where a secret makes sense (agent and judge
 * `headers`, `serve.env`); resolved at run time, never hashed, never printed.
 */
import { type Diagnostic, diagnostic, type PlanPath, type SourcePosition } from './diagnostic.js';
import { maskCutSecretHeads } from './secret-cut.js';

const ENV_REF = /\$\{env\.([A-Za-z_][A-Za-z0-9_]*)\}/g;
/** `${…}`, but not `${{` — a `$` written before a template placeholder (`${{amount}}`: "$30"; QA91). */
const ANY_REF = /\$\{(?!\{)[^}]*\}/g;
/**
 * `${…}` in a header or serve.env value, `${{…}` included: no template is rendered there, so
 * `Bearer ${{env.TOKEN}}` is a mistyped secret, sent as those characters (QA93). The same in an
 * agent's or judge's url, command, address or serve (its command, cwd, ready url): `${{env.X}}`
 * in a command is sh's "Bad substitution" (QA94).
 */
const SECRET_POSITION_REF = /\$\{[^}]*\}/g;
const UNTEMPLATED_FIELDS = new Set(['url', 'command', 'address', 'serve', 'headers']);

/** A field of an agent or judge that is sent or run as written (no `{{…}}` is rendered there). */
function isUntemplated(path: PlanPath): boolean {
  const [section, , field] = path;
  return (section === 'agents' || section === 'judges') && UNTEMPLATED_FIELDS.has(String(field));
}
/** `$NAME` (upper case, as environment variables are written), not part of `${…}`. */
const SHELL_REF = /(?<![$\\])(\$[A-Z_][A-Z0-9_]+)\b/;

/** What a header or serve.env value sends as written around (or instead of) a `${env.NAME}`. */
function strayAroundSecret(raw: string): { what: string; hint: string } | undefined {
  const placeholder = /(?<!\$)\{\{\s*([^{}]*?)\s*\}\}/.exec(raw);
  if (placeholder) {
    const name = /^env\.([A-Za-z_][A-Za-z0-9_]*)$/.exec(placeholder[1] ?? '')?.[1];
    return {
      what: `\`${placeholder[0]}\`: headers and serve.env values are not templated, so it`,
      hint: name
        ? `write \${env.${name}} to read ${name} from the environment`
        : 'write ${env.NAME} for a secret',
    };
  }
  const after = /\$\{env\.[A-Za-z_][A-Za-z0-9_]*\}\}/.exec(raw)?.[0];
  if (after) return { what: `the \`}\` after ${after.slice(0, -1)}`, hint: `write ${after.slice(0, -1)}` };
  const before = /\$\$\{env\.[A-Za-z_][A-Za-z0-9_]*\}/.exec(raw)?.[0];
  if (before) return { what: `the \`$\` before ${before.slice(1)}`, hint: `write ${before.slice(1)}` };
  return undefined;
}

/** The last `${…` without its closing `}` (`${{` is a stray placeholder, told apart). */
function unterminatedRef(raw: string): string | undefined {
  return /\$\{(?!\{)[^}]*$/.exec(raw)?.[0];
}

function unterminatedDiagnostic(
  open: string,
  path: PlanPath,
  source: SourcePosition | undefined,
): Diagnostic {
  const name = /^\$\{env\.([A-Za-z_][A-Za-z0-9_]*)/.exec(open)?.[1];
  // Only the reference's own part is quoted: a header's value may be a secret typed in place.
  const shown = name ? `\${env.${name}` : '${…';
  return diagnostic('EVALC_SECRET_SYNTAX', `unterminated reference ${shown} (no closing \`}\`)`, path, {
    source,
    hint: !isSecretPath(path)
      ? `\${env.NAME} is read only in headers and serve.env: write the value itself here`
      : name
        ? `write \${env.${name}}`
        : 'write ${env.NAME}',
  });
}

export function isSecretPath(path: PlanPath): boolean {
  const [section, , field, sub] = path;
  if (section !== 'agents' && section !== 'judges') return false;
  if (field === 'headers') return path.length === 4;
  return field === 'serve' && sub === 'env' && path.length === 5;
}

/** Finds `${…}` references and reports those outside secret positions or malformed. */
export function checkSecretPlacement(
  raw: unknown,
  locate: (p: PlanPath, key?: string) => SourcePosition | undefined,
  path: PlanPath = [],
  out: Diagnostic[] = [],
): Diagnostic[] {
  if (typeof raw === 'string') {
    for (const match of raw.matchAll(
      isSecretPath(path) || isUntemplated(path) ? SECRET_POSITION_REF : ANY_REF,
    )) {
      const ref = match[0];
      if (!/^\$\{env\.[A-Za-z_][A-Za-z0-9_]*\}$/.test(ref)) {
        out.push(
          diagnostic('EVALC_SECRET_SYNTAX', `malformed reference ${ref}`, path, {
            source: locate(path),
            hint: 'write ${env.NAME}',
          }),
        );
      } else if (!isSecretPath(path)) {
        out.push(
          diagnostic('EVALC_SECRET_PLACEMENT', `${ref} is only allowed in headers and serve.env`, path, {
            source: locate(path),
            hint: 'secrets never enter content keys; pass non-secret values in the plan itself',
          }),
        );
      }
    }
    // `Bearer ${env.TOKEN` (no closing brace) was sent as those characters, silently, and a url's
    // said only "not an absolute URL" (QA95).
    const open = isSecretPath(path) || isUntemplated(path) ? unterminatedRef(raw) : undefined;
    if (open) out.push(unterminatedDiagnostic(open, path, locate(path)));
    // A shell-style `$TOKEN` in a header was sent as those characters, silently (QA44).
    const shell = isSecretPath(path) ? SHELL_REF.exec(raw) : null;
    if (shell)
      out.push(
        diagnostic(
          'EVALC_SECRET_SYNTAX',
          `${shell[1]} is sent as these characters: evalc does not expand shell variables`,
          path,
          {
            severity: 'warning',
            source: locate(path),
            hint: `write \${env.${shell[1]!.replace(/^\$\{?|\}$/g, '')}} to read it from the environment`,
          },
        ),
      );
    // QA94: sent as written beside a secret: a `{{…}}` placeholder (no template is rendered here), a
    // `}` after `${env.X}`, a `$` before it.
    const stray = isSecretPath(path) ? strayAroundSecret(raw) : undefined;
    if (stray)
      out.push(
        diagnostic('EVALC_SECRET_SYNTAX', `${stray.what} is sent as these characters`, path, {
          severity: 'warning',
          source: locate(path),
          hint: stray.hint,
        }),
      );
    return out;
  }
  if (Array.isArray(raw)) {
    raw.forEach((item, i) => {
      checkSecretPlacement(item, locate, [...path, i], out);
    });
  } else if (raw !== null && typeof raw === 'object') {
    for (const [k, v] of Object.entries(raw)) {
      // QA59: a reference in a key (`headers: { "${env.H}": v }`, an input field) was valid and sent
      // as those characters; only header and serve.env values are read from the environment.
      const ref = /\$\{env\.[A-Za-z_][A-Za-z0-9_]*\}/.exec(k)?.[0];
      if (ref !== undefined)
        out.push(
          diagnostic(
            'EVALC_SECRET_PLACEMENT',
            `${ref} in a key is not read from the environment`,
            [...path, k],
            {
              source: locate(path, k),
              hint: 'only the values of headers and serve.env are: name the key in the plan itself',
            },
          ),
        );
      checkSecretPlacement(v, locate, [...path, k], out);
    }
  }
  return out;
}

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
 * URL it was called with), and its UTF-8 bytes read as Latin-1 (a non-ASCII value quoted in a
 * reply header). Values shorter than MIN_SECRET_LENGTH give none.
 */
export function secretForms(value: string): string[] {
  const out = new Set<string>();
  addSecretForms(out, value);
  return [...out];
}

function addSecretForms(out: Set<string>, value: string): void {
  if (value.length < MIN_SECRET_LENGTH) return;
  out.add(value);
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
  // Its UTF-8 bytes read as Latin-1: how a non-ASCII value comes back in a reply header.
  out.add(Buffer.from(value, 'utf8').toString('latin1'));
  try {
    out.add(encodeURIComponent(value));
  } catch {
    // a lone surrogate has no percent-encoding; the other forms still apply
  }
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
  const out = scrubWholeSecrets(text, secrets, marker);
  return secrets.length === 0 || out.length < MIN_SECRET_LENGTH
    ? out
    : maskCutSecretHeads(out, secrets, marker);
}

/**
 * `scrubSecrets` without the heads before a `…`: for what an agent or a judge wrote (an answer,
 * a trajectory, a reply body), which evalc has not cut — its own `…` after a word that begins
 * like a header value ('your application…' beside `Content-Type: application/json`) is the
 * agent's text, scored as written (QA103).
 */
export function scrubWholeSecrets(text: string, secrets: readonly string[], marker = '***'): string {
  if (secrets.length === 0 || text.length < MIN_SECRET_LENGTH) return text;
  let out = text;
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

/** Used on replies only, as they came: whole secrets (`scrubWholeSecrets`), no cut heads. */
function scrubLeaves(value: unknown, secrets: readonly string[], marker: string): unknown {
  if (typeof value === 'string') return scrubWholeSecrets(value, secrets, marker);
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
