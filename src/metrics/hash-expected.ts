/**
 * Ground-truth hashing (`expected_sha256`): the lowercase hex sha256 of the RFC 8785 canonical
 * JSON of the normalised value (`normalizeForMode` with the metric's mode and normalisation
 * options; defaults: mode scalar, ignore_whitespace true). Compare with `matchesExpectedHash`,
 * which also accepts a `sha256:` prefix and, for a text answer, the sha256 of the (normalised)
 * text itself — what `sha256sum` or `hashlib.sha256(answer)` gives a dataset author who hashes
 * the answer rather than its JSON form (`"Paris"` with quotes).
 */
import { createHash } from 'node:crypto';
import {
  type CompareMode,
  canonicalJson,
  type NormalizeOptions,
  normalizeForMode,
} from './normalize-value.js';

export interface HashOptions extends NormalizeOptions {
  mode?: CompareMode;
}

export function hashExpected(value: unknown, options: HashOptions = {}): string {
  const normalised = normalizeForMode(value, options.mode ?? 'scalar', options);
  return createHash('sha256').update(canonicalJson(normalised), 'utf8').digest('hex');
}

export function matchesExpectedHash(
  candidate: unknown,
  storedHash: string,
  options: HashOptions = {},
): boolean {
  const stored = storedHash
    .trim()
    .toLowerCase()
    .replace(/^sha256:/, '');
  if (hashExpected(candidate, options) === stored) return true;
  const normalised = normalizeForMode(candidate, options.mode ?? 'scalar', options);
  return (
    typeof normalised === 'string' && createHash('sha256').update(normalised, 'utf8').digest('hex') === stored
  );
}
