/**
 * `${env.NAME}` interpolation. Allowed only where a secret makes sense (agent and judge
 * `headers`, `serve.env`); resolved at run time, never hashed, never printed.
 */
import { type Diagnostic, diagnostic, type PlanPath, type SourcePosition } from './diagnostic.js';

const ENV_REF = /\$\{env\.([A-Za-z_][A-Za-z0-9_]*)\}/g;
const ANY_REF = /\$\{[^}]*\}/g;

export function isSecretPath(path: PlanPath): boolean {
  const [section, , field, sub] = path;
  if (section !== 'agents' && section !== 'judges') return false;
  if (field === 'headers') return path.length === 4;
  return field === 'serve' && sub === 'env' && path.length === 5;
}

/** Finds `${…}` references and reports those outside secret positions or malformed. */
export function checkSecretPlacement(
  raw: unknown,
  locate: (p: PlanPath) => SourcePosition | undefined,
  path: PlanPath = [],
  out: Diagnostic[] = [],
): Diagnostic[] {
  if (typeof raw === 'string') {
    for (const match of raw.matchAll(ANY_REF)) {
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
    return out;
  }
  if (Array.isArray(raw)) {
    raw.forEach((item, i) => {
      checkSecretPlacement(item, locate, [...path, i], out);
    });
  } else if (raw !== null && typeof raw === 'object') {
    for (const [k, v] of Object.entries(raw)) checkSecretPlacement(v, locate, [...path, k], out);
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
  for (const [key, value] of Object.entries(values ?? {})) {
    out[key] = value.replace(ENV_REF, (_, name: string) => {
      const v = env[name];
      if (v === undefined) missing.push(name);
      return v ?? '';
    });
  }
  return missing.length > 0 ? { ok: false, missing } : { ok: true, values: out };
}

/**
 * The environment values a map's `${env.NAME}` references resolve to: the secrets among
 * `serve.env` (whose other values, such as `PORT: "7101"`, are plain configuration).
 */
export function referencedSecrets(
  values: Record<string, string> | undefined,
  env: NodeJS.ProcessEnv,
): string[] {
  const out: string[] = [];
  for (const value of Object.values(values ?? {}))
    for (const m of value.matchAll(ENV_REF)) {
      const v = env[m[1]!];
      if (v !== undefined && v.length >= 4) out.push(v);
    }
  return out;
}

/** Every resolved secret value, for scrubbing logs and outputs. */
export function secretValues(resolved: Record<string, string>[]): string[] {
  const values = new Set<string>();
  for (const map of resolved) {
    for (const v of Object.values(map)) {
      if (v.length >= 4) values.add(v);
      const bearer = /^\s*\S+\s+(\S{4,})\s*$/.exec(v);
      if (bearer) values.add(bearer[1]!);
    }
  }
  return [...values].sort((a, b) => b.length - a.length);
}

export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) out = out.split(s).join('***');
  return out;
}
