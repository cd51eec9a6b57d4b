/**
 * One HTTP(S) download of a remote dataset (`dataset-source.ts` decides when). What a team's
 * data server really sends is handled here (QA21): redirects are followed by hand (at most 5) and
 * never from https to plain http off loopback; a gzip/deflate/br `Content-Encoding` is decoded
 * (the bytes pinned are the dataset's, not the transfer's); an HTML page (a login or error page
 * with status 200) is refused, not parsed and cached; a conditional request (`If-None-Match` /
 * `If-Modified-Since`) lets an unchanged source answer 304; the whole download has a deadline,
 * so a server that trickles bytes cannot hang `plan`; a certificate the system does not trust
 * says how to trust it (`NODE_EXTRA_CA_CERTS`).
 */
import { promisify } from 'node:util';
import type { brotliDecompress as BrotliDecompress } from 'node:zlib';
import { describeFailure, describeTrustFailure } from '../protocols/http/failure-words.js';

// undici and zlib are loaded on the first download: `validate` and `plan` of a plan whose datasets
// are local files, the usual case, start without them (benchmarks/start-up).

export interface FetchValidators {
  etag?: string | undefined;
  lastModified?: string | undefined;
}

export type FetchResult =
  | { ok: true; status: 200; bytes: Buffer; validators: FetchValidators }
  | { ok: true; status: 304 }
  | { ok: false; message: string; hint?: string };

/** Whole-download deadline (headers and body together). */
export const FETCH_DEADLINE_MS = 120_000;
/**
 * The most a dataset may be, downloaded or decoded (QA40: a server streaming without end, or a
 * small gzip bomb, grew evalc's memory until it died): its text must fit one JavaScript string,
 * 2^29 - 24 characters, anyway.
 */
export const MAX_DATASET_BYTES = 2 ** 29;
const MAX_REDIRECTS = 5;

type Decoder = (b: Buffer, maxOutputLength: number) => Promise<Buffer>;
let decoders: Promise<Record<string, Decoder>> | undefined;

/** Decoders by `Content-Encoding`. */
function contentDecoders(): Promise<Record<string, Decoder>> {
  decoders ??= import('node:zlib').then(({ gunzip, inflate, brotliDecompress }) => {
    const decoder =
      (fn: typeof BrotliDecompress): Decoder =>
      (b, maxOutputLength) =>
        promisify(fn)(b, { maxOutputLength });
    return {
      gzip: decoder(gunzip),
      'x-gzip': decoder(gunzip),
      deflate: decoder(inflate),
      br: decoder(brotliDecompress),
    };
  });
  return decoders;
}

const TLS_TRUST_CODES = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
]);

/** Whether evalc may read a dataset from this URL: https, or plain http on loopback only. */
export function isAllowedDatasetUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  // Parsed, so `http://user@127.0.0.1/` is loopback and `http://127.0.0.1.example.com/` is not.
  return (
    parsed.protocol === 'https:' ||
    (parsed.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname))
  );
}

export async function fetchDataset(
  url: string,
  options: { validators?: FetchValidators; deadlineMs?: number; maxBytes?: number } = {},
): Promise<FetchResult> {
  const deadline = options.deadlineMs ?? FETCH_DEADLINE_MS;
  const maxBytes = options.maxBytes ?? MAX_DATASET_BYTES;
  const tooLarge = (what: string) => ({
    ok: false as const,
    message: `the reply ${what} more than ${maxBytes >= 2 ** 20 ? `${maxBytes / 2 ** 20} MiB` : `${maxBytes} bytes`}`,
    hint: 'split the dataset into several files',
  });
  const { Agent, request } = await import('undici');
  // Its connections read past an unsolicited 100 Continue, as the agents' transport does (QA301).
  const { continueTolerantConnector } = await import('../protocols/http/interim-continue.js');
  const agent = new Agent({
    headersTimeout: deadline,
    bodyTimeout: deadline,
    connect: continueTolerantConnector(10_000),
  });
  const signal = AbortSignal.timeout(deadline);
  const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br' };
  if (options.validators?.etag) headers['if-none-match'] = options.validators.etag;
  if (options.validators?.lastModified) headers['if-modified-since'] = options.validators.lastModified;
  let current = url;
  try {
    for (let hop = 0; ; hop++) {
      const response = await request(current, { method: 'GET', headers, dispatcher: agent, signal });
      const status = response.statusCode;
      if (status >= 300 && status < 400 && status !== 304) {
        await response.body.dump();
        const location = header(response.headers, 'location');
        if (!location) return { ok: false, message: `HTTP ${status} without a Location header` };
        if (hop >= MAX_REDIRECTS) return { ok: false, message: `more than ${MAX_REDIRECTS} redirects` };
        const next = new URL(location, current).toString();
        if (!isAllowedDatasetUrl(next))
          return {
            ok: false,
            message: `HTTP ${status} redirects to ${new URL(next).origin}, which is not https`,
            hint: 'point source: at the final https URL',
          };
        current = next;
        continue;
      }
      if (status === 304) {
        await response.body.dump();
        return { ok: true, status: 304 };
      }
      if (status !== 200) {
        await response.body.dump();
        return { ok: false, message: `HTTP ${status}` };
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        size += (chunk as Buffer).length;
        if (size > maxBytes) {
          response.body.destroy();
          return tooLarge('is');
        }
        chunks.push(chunk as Buffer);
      }
      const raw = Buffer.concat(chunks, size);
      const encoding = (header(response.headers, 'content-encoding') ?? 'identity').trim().toLowerCase();
      const decode = (await contentDecoders())[encoding];
      if (encoding !== 'identity' && !decode)
        return { ok: false, message: `the reply is encoded as "${encoding}", which evalc cannot decode` };
      let bytes: Buffer;
      try {
        bytes = decode ? await decode(raw, maxBytes) : raw;
      } catch (err) {
        if ((err as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE')
          return tooLarge(`decodes (${encoding}) to`);
        return {
          ok: false,
          message: `the reply says Content-Encoding: ${encoding} but does not decode (${messageOf(err)})`,
        };
      }
      const type = (header(response.headers, 'content-type') ?? '').toLowerCase();
      // A server that labels every file text/html still serves data: the body decides.
      if (looksLikeHtml(bytes, type.startsWith('text/html')))
        return {
          ok: false,
          message: `the server answered with an HTML page${type ? ` (${type.split(';')[0]})` : ''}, not a dataset`,
          hint: 'a login or error page? open the URL with curl; the URL must serve the file itself',
        };
      return {
        ok: true,
        status: 200,
        bytes,
        validators: {
          etag: header(response.headers, 'etag'),
          lastModified: header(response.headers, 'last-modified'),
        },
      };
    }
  } catch (err) {
    const code = (err as { code?: unknown }).code ?? (err as { cause?: { code?: unknown } }).cause?.code;
    if (signal.aborted) return { ok: false, message: `no complete reply within ${deadline / 1000} s` };
    if (typeof code === 'string' && TLS_TRUST_CODES.has(code))
      return {
        ok: false,
        // in the agents' words, 'the server's TLS certificate is self-signed (DEPTH_ZERO_SELF_SIGNED_CERT)',
        // not Node's bare 'self-signed certificate' (QA307)
        message: describeTrustFailure(code),
        hint: 'to trust a private or self-signed certificate, export NODE_EXTRA_CA_CERTS=/path/to/ca.pem',
      };
    // in the agents' words ('connection refused (nothing listening there)'), not undici's
    // ('connect ECONNREFUSED 127.0.0.1:7999', 'bad upgrade', a reply that is no HTTP/1.1 named
    // as such; QA301)
    if (typeof code === 'string' || (err instanceof Error && err.name === 'HTTPParserError'))
      return { ok: false, message: describeFailure(err, code, new URL(current).hostname) };
    return { ok: false, message: messageOf(err) };
  } finally {
    await agent.destroy();
  }
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * `<!doctype html` or `<html` at the start (after whitespace), or any tag when the server says
 * text/html: no dataset format starts with `<`.
 */
function looksLikeHtml(bytes: Buffer, labelledHtml: boolean): boolean {
  const head = bytes
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return (
    head.startsWith('<!doctype html') || head.startsWith('<html') || (labelledHtml && head.startsWith('<'))
  );
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
