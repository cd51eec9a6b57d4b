/**
 * `${env.NAME}` interpolation. Allowed only where a secret makes sense (agent and judge
 * `headers`, `serve.env`: checked at load time by secret-placement.ts); resolved at run time,
 * never hashed, never printed.
 */

import { scrubWrappedSecrets } from './secret-base64.js';
import { scrubCutSecrets } from './secret-cut.js';
import { addSecretForms, decodeBasicCredentials, MIN_SECRET_LENGTH } from './secret-forms.js';

export { MIN_SECRET_LENGTH, secretForms } from './secret-forms.js';

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
 * The variables unset in any of `results` (an agent's or judge's headers and serve.env), each once, in
 * order: the first group's alone were named, so the second was learnt only after setting those (QA331).
 */
export function unsetVariables(...results: ReturnType<typeof resolveSecrets>[]): string[] {
  return [...new Set(results.flatMap((r) => (r.ok ? [] : r.missing)))];
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
