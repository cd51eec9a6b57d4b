/**
 * Normalisation shared by exact_match, contains, consistency and ground_truth_protection, and
 * the canonical form that `hashExpected` hashes.
 */
import canonicalize from 'canonicalize';
import { z } from 'zod';
import { wireJson } from '../protocols/canonical-json.js';

export const normalizeParams = {
  ignore_case: z.boolean().default(false).describe('Compare strings case-insensitively (lowercase both)'),
  ignore_whitespace: z
    .boolean()
    .default(true)
    .describe('Trim strings and collapse runs of whitespace to one space'),
  ignore_punctuation: z
    .boolean()
    .default(false)
    .describe('Remove Unicode punctuation and symbols from strings before comparing'),
};

export interface NormalizeOptions {
  ignore_case?: boolean;
  ignore_whitespace?: boolean;
  ignore_punctuation?: boolean;
}

export type CompareMode = 'scalar' | 'set' | 'list';

export function normalizeText(text: string, options: NormalizeOptions): string {
  let out = text.normalize('NFC');
  if (options.ignore_punctuation) out = out.replace(/[\p{P}\p{S}]/gu, '');
  if (options.ignore_case) out = out.toLowerCase();
  if (options.ignore_whitespace ?? true) out = out.trim().replace(/\s+/g, ' ');
  return out;
}

/** Normalises string leaves recursively; other JSON values are kept. */
export function normalizeLeaves(value: unknown, options: NormalizeOptions): unknown {
  if (typeof value === 'string') return normalizeText(value, options);
  if (Array.isArray(value)) return value.map((v) => normalizeLeaves(v, options));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = normalizeLeaves(v, options);
    return out;
  }
  return value;
}

/**
 * The RFC 8785 text metrics compare and hash. An agent's text holding a lone UTF-16 surrogate
 * (no RFC 8785 form) is written as its JSON escape (`wireJson`), so `mode: set`, tool arguments
 * and consistency compare it instead of failing metric_error; a value with no JSON form is `null`.
 */
export function canonicalJson(value: unknown): string {
  const json = value === undefined ? null : value;
  try {
    return wireJson(json);
  } catch {
    return canonicalize(json) ?? 'null';
  }
}

/**
 * The normalised value of a given mode:
 * - scalar: string leaves normalised;
 * - list: an array (a non-array is wrapped), elements normalised, order kept;
 * - set: like list, then duplicates removed and sorted by canonical JSON (UTF-16 order).
 */
export function normalizeForMode(value: unknown, mode: CompareMode, options: NormalizeOptions): unknown {
  if (mode === 'scalar') return normalizeLeaves(value, options);
  const list = (Array.isArray(value) ? value : [value]).map((v) => normalizeLeaves(v, options));
  if (mode === 'list') return list;
  const byKey = new Map<string, unknown>();
  for (const item of list) byKey.set(canonicalJson(item), item);
  return [...byKey.keys()].sort().map((k) => byKey.get(k));
}
