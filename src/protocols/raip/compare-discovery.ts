/**
 * Drift check between the discovery pinned in the lockfile and a fresh one (RAIP R2/R3):
 * a different schema digest is drift (stop before any `/invoke` unless the user re-locks);
 * a different ETag or agent version with the same digest is only a warning.
 */
import type { Discovery, StepError } from '../types.js';
import { sameDigest } from './input-schema.js';

export type DiscoveryComparison =
  | { status: 'same'; warnings: string[] }
  | { status: 'drift'; error: StepError; warnings: string[] };

export function compareDiscovery(
  pinned: Pick<Discovery, 'schemaDigest' | 'etag' | 'version'>,
  fresh: Discovery,
): DiscoveryComparison {
  const warnings: string[] = [];
  if (pinned.etag !== undefined && fresh.etag !== undefined && pinned.etag !== fresh.etag) {
    warnings.push(`ETag changed from ${pinned.etag} to ${fresh.etag} with the same schema digest`);
  }
  if (pinned.version !== undefined && fresh.version !== undefined && pinned.version !== fresh.version) {
    warnings.push(`agent version changed from ${pinned.version} to ${fresh.version}`);
  }
  if (pinned.schemaDigest === undefined || fresh.schemaDigest === undefined)
    return { status: 'same', warnings };
  if (sameDigest(pinned.schemaDigest, fresh.schemaDigest)) return { status: 'same', warnings };
  const etagNote = warnings.filter((w) => !w.startsWith('ETag'));
  return {
    status: 'drift',
    warnings: etagNote,
    error: {
      kind: 'schema_drift',
      message: `input schema changed: locked ${pinned.schemaDigest}, agent now serves ${fresh.schemaDigest}; re-lock to accept`,
      retryable: false,
      details: { pinnedDigest: pinned.schemaDigest, freshDigest: fresh.schemaDigest },
    },
  };
}
