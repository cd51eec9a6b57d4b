/**
 * Secret values out of everything kept: trajectories, metric errors and judges' rationales are
 * cached, reported and drilled into, so each known secret value is replaced by `***` first.
 */

import type { Trajectory } from '../protocols/types.js';

/**
 * An agent may echo a secret it was sent (e.g. its authorization header) in its reply; the
 * trajectory is cached, reported and drilled into, so secret values are replaced by `***`
 * before it is kept. (Replacing inside the JSON text is safe: `***` needs no escaping.)
 */
export function scrubTrajectory(rt: Scrubber, trajectory: Trajectory): Trajectory {
  if (rt.hasSecrets === false) return trajectory;
  // What the agent wrote is scored as written: whole secrets only, no head before its own `…`
  // ('your application…' beside a Content-Type header). The error evalc recorded in it (the mae
  // recorder's `response.error`, `{kind, message}`: 'reply is not JSON: "… key=sk-S…"') is evalc's
  // excerpt: heads too (QA103). Only there: an agent's own `{kind: "Status", message}` elsewhere in
  // its reply is its text (QA104).
  const content = rt.scrubContent;
  if (content === undefined) return scrubLeaves(trajectory, rt.scrub) as Trajectory;
  const clean = scrubLeaves(trajectory, content) as Trajectory;
  const response = clean.response as Record<string, unknown> | null;
  const error = (trajectory.response as Record<string, unknown> | null)?.error;
  if (response === null || typeof response !== 'object' || Array.isArray(response)) return clean;
  if (error === null || typeof error !== 'object' || !isErrorShaped(error)) return clean;
  const masked = scrubLeaves(error, rt.scrub);
  if (masked === response.error) return clean;
  return { ...clean, response: { ...response, error: masked } };
}

/**
 * A JSON value with every known secret value replaced in each string, keys included (the same
 * object when none occurs). String by string, not on the JSON text: a secret with a quote or a
 * backslash has another form once escaped, and replacing inside escapes could break the JSON.
 */
export function scrubValue<T>(rt: Scrubber, value: T): T {
  if (rt.hasSecrets === false) return value;
  return scrubLeaves(value, rt.scrub) as T;
}

/**
 * An extraction's record: its values are what the agent wrote, scored as written (whole secrets
 * only, as scrubTrajectory's content: 'your application…' beside a Content-Type header stays,
 * QA103); its error is evalc's message, heads too.
 */
export function scrubExtract<T extends { ok: boolean; values?: unknown; error?: unknown }>(
  rt: Scrubber,
  record: T,
): T {
  if (rt.hasSecrets === false) return record;
  if (record.ok) return { ...record, values: scrubLeaves(record.values, rt.scrubContent ?? rt.scrub) };
  return { ...record, error: scrubLeaves(record.error, rt.scrub) };
}

function scrubLeaves(value: unknown, scrub: (text: string) => string): unknown {
  if (typeof value === 'string') return scrub(value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const clean = scrubLeaves(value[i], scrub);
      if (clean !== value[i]) (out ??= [...value])[i] = clean;
    }
    return out ?? value;
  }
  let out: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const cleanKey = scrub(key);
    const clean = scrubLeaves(item, scrub);
    if (cleanKey === key && clean === item) continue;
    out ??= { ...(value as Record<string, unknown>) };
    if (cleanKey !== key) delete out[key];
    out[cleanKey] = clean;
  }
  return out ?? value;
}

function isErrorShaped(value: object): boolean {
  const v = value as { kind?: unknown; message?: unknown };
  return typeof v.kind === 'string' && typeof v.message === 'string';
}

export function withoutRaw(trajectory: Trajectory): Trajectory {
  if (trajectory.raw === undefined) return trajectory;
  const { raw: _raw, ...rest } = trajectory;
  return rest;
}

/** What scrubbing needs of a group's runtime. */
export interface Scrubber {
  scrub: (text: string) => string;
  /** `scrub` for what an agent wrote (plan/secrets.ts `scrubWholeSecrets`); else `scrub`. */
  scrubContent?: (text: string) => string;
  /** Whether any secret value is known (else values are kept as they are). */
  hasSecrets?: boolean;
}
