/**
 * Reads a dataset source's bytes: a local file (relative to the plan folder) or an https://
 * URL kept in the cache folder under its sha256 (`readRemote` says when it is asked again). `sha256` is the dataset's pin (`dataset-digest.ts`: BOM dropped, CRLF read as LF); a
 * declared `sha256:` may name it or the raw bytes' sha256 (`sha256sum` of the file as it is).
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { showOnOneLine } from '../lockfile/control-chars.js';
import { replaceKeyedPlaceholders } from '../plan/placeholder-keys.js';
import { looksLikeSecret, replaceKeyedShellRefs } from '../plan/secret-placement.js';
import { suggest } from '../plan/suggest.js';
import { sha256Hex } from './content-key.js';
import { datasetSha256 } from './dataset-digest.js';
import { fetchDataset, isAllowedDatasetUrl } from './dataset-fetch.js';
import { recordedUrl } from './identities.js';
import { keyedReferencesSaid } from './keyed-refs-said.js';
import { urlAsSaid } from './url-check.js';

export type SourceBytes =
  | {
      ok: true;
      bytes: Buffer;
      sha256: string;
      rawSha256: string;
      /** The bytes are usable but something should be said (a stale remote copy). */
      warning?: { code: string; message: string; hint?: string };
    }
  | { ok: false; code: string; message: string; hint?: string };

export function isRemoteSource(source: string): boolean {
  return /^https?:\/\//i.test(source);
}

export async function readDatasetSource(
  source: string,
  options: { planDir: string; cacheDir: string; declaredSha256?: string | undefined; offline?: boolean },
): Promise<SourceBytes> {
  const result = isRemoteSource(source)
    ? await readRemote(source, options)
    : readLocal(source, options.planDir);
  if (!result.ok) return result;
  const declared = options.declaredSha256;
  if (declared !== undefined && declared !== result.sha256 && declared !== result.rawSha256) {
    return {
      ok: false,
      code: 'EVALC_DATASET_SHA256',
      message: `dataset ${recordedUrl(source)} has sha256 ${result.sha256}${result.rawSha256 === result.sha256 ? '' : ` (read with LF line ends and no byte order mark; the bytes as they are: ${result.rawSha256})`}, but the plan pins ${declared}`,
      hint: 'update `sha256:` if the change is intended',
    };
  }
  return result;
}

/**
 * `rawSha256` when the caller knows it (a cached copy is named by it); the pin is then still
 * hashed from the bytes. Hashed here, it is the pin of an LF file without a BOM (one hash, not two).
 */
function sourceBytes(bytes: Buffer, rawSha256?: string): Extract<SourceBytes, { ok: true }> {
  if (rawSha256 !== undefined) return { ok: true, bytes, sha256: datasetSha256(bytes), rawSha256 };
  const raw = sha256Hex(bytes);
  return { ok: true, bytes, sha256: datasetSha256(bytes, raw), rawSha256: raw };
}

function readLocal(source: string, planDir: string): SourceBytes {
  const name = sourceAsSaid(source);
  // `ftp://…`, `s3://…`, `file://…` read as a relative path said "file not found" (QA44).
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(source)?.[1];
  if (scheme !== undefined)
    return {
      ok: false,
      code: 'EVALC_DATASET_NOT_FOUND',
      message: `dataset source ${showOnOneLine(recordedUrl(source))}: ${scheme}:// is not a source evalc reads`,
      hint: 'a source is a file path (relative to the plan file) or an https:// URL (http:// on loopback)',
    };
  const file = path.resolve(planDir, source);
  try {
    // A pipe or a device (a FIFO, /dev/zero) is no dataset: reading one blocked validate for ever
    // or until memory ran out, deaf to Ctrl-C (QA40); and it could not be read again to check its pin.
    const stat = statSync(file);
    if (!stat.isFile() && !stat.isDirectory())
      return {
        ok: false,
        code: 'EVALC_DATASET_NOT_FOUND',
        message: `dataset ${name} is not a regular file (a pipe or a device)`,
        hint: 'write the examples to a file: evalc reads a dataset again at every run and pins its sha256',
      };
    const bytes = readFileSync(file);
    return sourceBytes(bytes);
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'EISDIR')
      return {
        ok: false,
        code: 'EVALC_DATASET_NOT_FOUND',
        message: `dataset ${name} is a folder, not a file`,
      };
    if (code === 'EACCES' || code === 'EPERM')
      return {
        ok: false,
        code: 'EVALC_DATASET_NOT_FOUND',
        message: `dataset file ${name} cannot be read (permission denied)`,
        // As a plan file's (7f0b618): it said nothing of what to check (QA188).
        hint: `evalc runs as a user that cannot read it: check its mode and owner (ls -l ${name})`,
      };
    // QA40: a 3 GB file was "not found" ("did you mean `ds.jsonl`?", its own name).
    if (code === 'ERR_FS_FILE_TOO_LARGE')
      return {
        ok: false,
        code: 'EVALC_DATASET_NOT_FOUND',
        message: `dataset file ${name} is too large to read (over 2 GiB)`,
        hint: 'split it into several datasets',
      };
    if (code !== 'ENOENT' && code !== 'ENOTDIR')
      return {
        ok: false,
        code: 'EVALC_DATASET_NOT_FOUND',
        message: `dataset file ${name} cannot be read (${err instanceof Error ? err.message : String(err)})`,
      };
    const near = nearbyFile(file);
    return {
      ok: false,
      code: 'EVALC_DATASET_NOT_FOUND',
      message: `dataset file not found: ${name}`,
      ...(near ? { hint: `did you mean \`${showOnOneLine(path.join(path.dirname(source), near))}\`?` } : {}),
    };
  }
}

/**
 * The source as messages quote it: a line feed or an ESC in it is spelt out (QA138); a key pasted
 * as a reference's name, `${env.ghp_AbCd…}`, is said `${env…}` (QA290: 'not found' quoted it whole),
 * and one typed in braces, `${ghp_AbCd…}`, `${…}`, as EVALC_SECRET_SYNTAX says it (QA298: quoted
 * whole); so is one left open, `${env.ghp_…`, spaced, `${ ghp_…`, or in brackets or quotes,
 * `${env["ghp_…"]}`, and a placeholder, `{{env.ghp_…}}` (QA322: quoted whole above an excerpt that starred it).
 */
export function sourceAsSaid(source: string): string {
  const said = showOnOneLine(source).replace(
    /\$\{(env[.:])?([^{}]*)\}/g,
    (ref, env: string | undefined, inside: string) =>
      looksLikeSecret(inside) ? (env ? '${env…}' : '${…}') : ref,
  );
  // and one written shell-style, `$ghp_…`, `$env:ghp_…`, said `$…`, `$env:…` (QA335: quoted whole)
  return replaceKeyedShellRefs(
    replaceKeyedPlaceholders(
      keyedReferencesSaid(said),
      (placeholder, env) => `{{${env ? 'env' : ''}…${placeholder.endsWith('}}') ? '}}' : ''}`,
    ),
    (_, env) => (env ? '$env:…' : '$…'),
  );
}

/** A file beside `file` whose name is a near miss (`serach.jsonl` → `search.jsonl`), if any. */
function nearbyFile(file: string): string | undefined {
  try {
    return suggest(path.basename(file), readdirSync(path.dirname(file)));
  } catch {
    return undefined;
  }
}

/** What the cache keeps per URL: the sha256 of the last copy and the server's validators. */
interface UrlRecord {
  sha: string;
  etag?: string | undefined;
  lastModified?: string | undefined;
}

/**
 * A remote source: with a declared `sha256:` that is cached, the cached copy (content-addressed,
 * no network). Otherwise, when offline (`--frozen`), the copy last fetched from this URL; online,
 * the server is asked again with the cached copy's validators (a 304 costs no download), so a
 * source that changed upstream is seen by `plan` and refused by `--locked` on every machine, not
 * only on one whose cache is empty (QA21: a cached URL was never fetched again). If the server
 * cannot be reached, the cached copy is used with a warning.
 */
async function readRemote(
  url: string,
  options: { cacheDir: string; declaredSha256?: string | undefined; offline?: boolean },
): Promise<SourceBytes> {
  // Messages name the URL without `user:password@` (never sent, never in the lock).
  const shown = recordedUrl(url);
  // and a key pasted in its path, `/$ghp_…/d.jsonl`, `/${env.ghp_…}/`, said `$…`, `${env…}` (QA335: quoted whole)
  const said = sourceAsSaid(shown);
  // One no parser reads (`https://h:99999/d.jsonl`) is said so, masked as text: it read 'must use
  // https' of an https url, its `user:password@` as written (QA222).
  if (!URL.canParse(url))
    return {
      ok: false,
      code: 'EVALC_URL_INVALID',
      message: `dataset url ${JSON.stringify(urlAsSaid(url))} is not an absolute URL (expected https://host/…)`,
    };
  if (!isAllowedDatasetUrl(url)) {
    return { ok: false, code: 'EVALC_DATASET_INSECURE', message: `dataset URL must use https: ${said}` };
  }
  const folder = path.join(options.cacheDir, 'sources');
  const pinned = options.declaredSha256;
  // A copy is used only if its bytes still have the sha256 it is kept under (QA69: a damaged
  // copy was served after a 304, its examples run again with damaged inputs); else it is
  // downloaded again, without validators, and the good bytes replace it.
  let damaged: string | undefined;
  const intact = (sha: string): Buffer | undefined => {
    const bytes = readCopy(path.join(folder, sha));
    if (bytes !== undefined && sha256Hex(bytes) !== sha) damaged = sha;
    return damaged === sha ? undefined : bytes;
  };
  const pinnedCopy = pinned === undefined ? undefined : intact(pinned);
  if (pinnedCopy !== undefined) return sourceBytes(pinnedCopy, pinned);
  // Kept under the url as evalc records it (its query credential `***`, no `user:password@`), so a
  // rotated `?sig=` finds the copy, as it re-invokes nothing (QA198: `--frozen` read 'dataset
  // …?sig=*** is not cached' of the url it had cached); the url as written is where an earlier evalc kept it.
  const byUrl = path.join(folder, `url-${sha256Hex(shown)}`);
  const record = readUrlRecord(byUrl) ?? readUrlRecord(path.join(folder, `url-${sha256Hex(url)}`));
  const cachedBytes = record ? intact(record.sha) : undefined;
  const cached = cachedBytes !== undefined ? record : undefined;
  const readCached = (r: UrlRecord) => sourceBytes(cachedBytes ?? Buffer.alloc(0), r.sha);
  const damagedSaid =
    damaged === undefined
      ? ''
      : ` (its cached copy, sources/${damaged.slice(0, 12)}… in the cache, is damaged: its bytes no longer have that sha256)`;
  if (options.offline) {
    if (cached) return readCached(cached);
    return {
      ok: false,
      code: 'EVALC_DATASET_OFFLINE',
      message: `dataset ${said} is not cached${damagedSaid} and the run is offline`,
    };
  }
  const fetched = await fetchDataset(url, cached ? { validators: cached } : {});
  if (fetched.ok && fetched.status === 304 && cached) return readCached(cached);
  if (!fetched.ok || fetched.status === 304) {
    const message = fetched.ok ? 'HTTP 304 to a request without validators' : fetched.message;
    if (cached)
      return {
        ...readCached(cached),
        warning: {
          code: 'EVALC_DATASET_STALE',
          message: `could not check ${said} for changes (${message}); using the copy fetched before (sha256 ${cached.sha.slice(0, 12)}…)`,
          ...(fetched.ok || fetched.hint === undefined ? {} : { hint: fetched.hint }),
        },
      };
    return {
      ok: false,
      code: 'EVALC_DATASET_FETCH',
      message: `fetching ${said} failed: ${message}${damagedSaid}`,
      ...(fetched.ok || fetched.hint === undefined ? {} : { hint: fetched.hint }),
    };
  }
  const sha = sha256Hex(fetched.bytes);
  mkdirSync(folder, { recursive: true });
  writeAtomically(path.join(folder, sha), fetched.bytes);
  const next: UrlRecord = { sha, ...fetched.validators };
  writeAtomically(byUrl, `${sha}\n${JSON.stringify({ etag: next.etag, lastModified: next.lastModified })}\n`);
  if (damaged === undefined) return sourceBytes(fetched.bytes, sha);
  return {
    ...sourceBytes(fetched.bytes, sha),
    warning: {
      code: 'EVALC_DATASET_CACHE_DAMAGED',
      message: `dataset ${said}: downloaded again${damagedSaid}`,
    },
  };
}

/** A cached copy's bytes, or undefined when there is none (or it cannot be read). */
function readCopy(file: string): Buffer | undefined {
  try {
    // A pipe or a device would block the read for good (QA69): no copy.
    if (!statSync(file).isFile()) return undefined;
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** The URL record: line 1 the sha256 (what older evalc versions wrote), line 2 the validators. */
function readUrlRecord(file: string): UrlRecord | undefined {
  if (!statSync(file, { throwIfNoEntry: false })?.isFile()) return undefined;
  const [sha = '', validators = ''] = readFileSync(file, 'utf8').split('\n');
  if (!/^[0-9a-f]{64}$/.test(sha.trim())) return undefined;
  try {
    const parsed = validators.trim() === '' ? {} : (JSON.parse(validators) as Record<string, unknown>);
    return {
      sha: sha.trim(),
      etag: typeof parsed.etag === 'string' ? parsed.etag : undefined,
      lastModified: typeof parsed.lastModified === 'string' ? parsed.lastModified : undefined,
    };
  } catch {
    return { sha: sha.trim() };
  }
}

function writeAtomically(file: string, data: string | Buffer): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}
