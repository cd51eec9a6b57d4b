/**
 * Reads a dataset source's bytes: a local file (relative to the plan folder) or an https://
 * URL fetched once and kept in the cache folder under its sha256, so later runs need no
 * network. `sha256` is the dataset's pin (`dataset-digest.ts`: BOM dropped, CRLF read as LF); a
 * declared `sha256:` may name it or the raw bytes' sha256 (`sha256sum` of the file as it is).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Agent, interceptors, request } from 'undici';
import { sha256Hex } from './content-key.js';
import { datasetSha256 } from './dataset-digest.js';

export type SourceBytes =
  | { ok: true; bytes: Buffer; sha256: string; rawSha256: string }
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
      message: `dataset ${source} has sha256 ${result.sha256}${result.rawSha256 === result.sha256 ? '' : ` (read with LF line ends and no byte order mark; the bytes as they are: ${result.rawSha256})`}, but the plan pins ${declared}`,
      hint: 'update `sha256:` if the change is intended',
    };
  }
  return result;
}

function sourceBytes(bytes: Buffer, rawSha256 = sha256Hex(bytes)): SourceBytes {
  return { ok: true, bytes, sha256: datasetSha256(bytes), rawSha256 };
}

function readLocal(source: string, planDir: string): SourceBytes {
  const file = path.resolve(planDir, source);
  try {
    const bytes = readFileSync(file);
    return sourceBytes(bytes);
  } catch {
    return { ok: false, code: 'EVALC_DATASET_NOT_FOUND', message: `dataset file not found: ${source}` };
  }
}

async function readRemote(
  url: string,
  options: { cacheDir: string; declaredSha256?: string | undefined; offline?: boolean },
): Promise<SourceBytes> {
  if (
    !url.toLowerCase().startsWith('https://') &&
    !/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/i.test(url)
  ) {
    return { ok: false, code: 'EVALC_DATASET_INSECURE', message: `dataset URL must use https: ${url}` };
  }
  const folder = path.join(options.cacheDir, 'sources');
  const pinned = options.declaredSha256;
  if (pinned !== undefined) {
    const cached = path.join(folder, pinned);
    if (existsSync(cached)) {
      return sourceBytes(readFileSync(cached));
    }
  }
  const byUrl = path.join(folder, `url-${sha256Hex(url)}`);
  if (existsSync(byUrl)) {
    const sha = readFileSync(byUrl, 'utf8').trim();
    const cached = path.join(folder, sha);
    if (existsSync(cached)) {
      return sourceBytes(readFileSync(cached));
    }
  }
  if (options.offline)
    return {
      ok: false,
      code: 'EVALC_DATASET_OFFLINE',
      message: `dataset ${url} is not cached and the run is offline`,
    };
  // undici 7 refuses `maxRedirections` on request(): redirects go through an interceptor.
  const agent = new Agent();
  try {
    const response = await request(url, {
      method: 'GET',
      headersTimeout: 30_000,
      bodyTimeout: 60_000,
      dispatcher: agent.compose(interceptors.redirect({ maxRedirections: 3 })),
    });
    if (response.statusCode !== 200) {
      await response.body.dump();
      return {
        ok: false,
        code: 'EVALC_DATASET_FETCH',
        message: `fetching ${url} failed: HTTP ${response.statusCode}`,
      };
    }
    const bytes = Buffer.from(await response.body.arrayBuffer());
    const sha = sha256Hex(bytes);
    mkdirSync(folder, { recursive: true });
    const tmp = path.join(folder, `.${sha}.${process.pid}.tmp`);
    writeFileSync(tmp, bytes);
    renameSync(tmp, path.join(folder, sha));
    writeFileSync(byUrl, `${sha}\n`);
    return sourceBytes(bytes, sha);
  } catch (err) {
    return {
      ok: false,
      code: 'EVALC_DATASET_FETCH',
      message: `fetching ${url} failed: ${err instanceof Error ? err.message : String(err)}`,
    };
  } finally {
    await agent.close();
  }
}
