/**
 * The files beside the step log that `cache prune` also keeps to what the lockfile(s) reach:
 * remote datasets downloaded to `sources/` (`<sha256>` copies and the `url-<hash>` records naming
 * the copy last fetched from a URL) and RAIP input schemas in `schemas/<hex>.json`. Each upstream
 * change of an unpinned URL leaves a new copy behind (QA21: they piled up, unseen by stats or prune).
 * Also the copies a prune or a checksum rewrite killed before its rename left beside the log
 * (`steps.log.prune-<pid>`, `steps.crc.prune-<pid>`, `steps.crc.tmp-<pid>`; QA39: as large as the
 * kept log, and nothing removed them).
 */
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/** A killed prune's or checksum rewrite's temporary copy of the log or its checksums. */
const LEFTOVER_COPY = /^steps\.(?:log|crc)\.(?:prune|tmp)-\d+$/;

export interface SideFileSweep {
  removed: number;
  bytes: number;
  /** Of those, the copies a killed prune or checksum rewrite left beside the log. */
  leftovers?: number;
}

/**
 * Removes (or, with `dryRun`, counts) the side files no kept lock reaches: a dataset copy whose
 * sha256 no lock records, a URL record pointing at a removed copy, a schema no lock pins, and
 * leftover temp files.
 */
export function sweepSideFiles(
  cacheDir: string,
  keep: { datasetSha256: ReadonlySet<string>; schemaDigests: ReadonlySet<string> },
  dryRun: boolean,
): SideFileSweep {
  const sweep: SideFileSweep = { removed: 0, bytes: 0 };
  const drop = (file: string) => {
    sweep.removed++;
    sweep.bytes += sizeOf(file);
    if (!dryRun) rmSync(file, { force: true });
  };
  // Prune holds the cache lock, so no other evalc is writing these; its own copies are renamed
  // over the log before the sweep.
  for (const name of listOf(cacheDir))
    if (LEFTOVER_COPY.test(name)) {
      drop(path.join(cacheDir, name));
      sweep.leftovers = (sweep.leftovers ?? 0) + 1;
    }
  const sources = path.join(cacheDir, 'sources');
  for (const name of listOf(sources)) {
    const file = path.join(sources, name);
    if (/^[0-9a-f]{64}$/.test(name)) {
      if (!keep.datasetSha256.has(name)) drop(file);
    } else if (name.startsWith('url-')) {
      const sha = firstLineOf(file);
      if (sha === undefined || !keep.datasetSha256.has(sha)) drop(file);
    } else if (name.endsWith('.tmp')) drop(file);
  }
  const schemas = path.join(cacheDir, 'schemas');
  const keptSchemas = new Set([...keep.schemaDigests].map((d) => d.replace(/^sha256:/i, '').toLowerCase()));
  for (const name of listOf(schemas)) {
    const hex = /^([0-9a-f]{64})\.json$/.exec(name)?.[1];
    if (hex === undefined ? name.endsWith('.tmp') : !keptSchemas.has(hex)) drop(path.join(schemas, name));
  }
  return sweep;
}

/** How many side files there are and their bytes (`cache stats`). */
export function sideFileStats(cacheDir: string): { sources: SideFileSweep; schemas: SideFileSweep } {
  const count = (dir: string): SideFileSweep => {
    const names = listOf(dir);
    return { removed: names.length, bytes: names.reduce((n, name) => n + sizeOf(path.join(dir, name)), 0) };
  };
  return { sources: count(path.join(cacheDir, 'sources')), schemas: count(path.join(cacheDir, 'schemas')) };
}

function listOf(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

function firstLineOf(file: string): string | undefined {
  try {
    const line = readFileSync(file, 'utf8').split('\n')[0]?.trim();
    return line && /^[0-9a-f]{64}$/.test(line) ? line : undefined;
  } catch {
    return undefined;
  }
}
