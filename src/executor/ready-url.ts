/**
 * A served agent's `ready.url` probe: one GET on a connection closed after the reply (QA63). The
 * probe used `fetch`, whose pooled connection stayed open 4 s after the answer: a single-threaded
 * agent (Python's `HTTPServer` with HTTP/1.1) served that idle connection until it timed out, so
 * the run's first request (RAIP `/info`) waited 4 s.
 *
 * How long one probe waits is the caller's: 1 s by default (is something already there?), the
 * time left to `ready.timeout` while waiting for a served agent — a RAIP `/info` built on demand
 * may take seconds, and a probe cut at 1 s and sent again never saw it answer (QA143).
 *
 * Its connections read past an unsolicited `100 Continue` before the status, as the agents' own
 * transport does (QA293): undici's default dispatcher refused it, so such an agent was never ready.
 */
import { Agent, request } from 'undici';
import { describeFailure, describeTarget } from '../protocols/http/failure-words.js';
import { continueTolerantConnector } from '../protocols/http/interim-continue.js';

export type UrlProbe = 'ready' | 'not_ready' | 'no_answer';

/**
 * A probe's answer and, for a server that is up but whose TLS evalc refuses (a self-signed or
 * untrusted certificate, another host's, plain http on an https url), that failure in the agents'
 * words: the wait ended 'not ready within …' without a word of it, where the agent's own requests
 * said 'the server's TLS certificate is self-signed (…) (DEPTH_ZERO_SELF_SIGNED_CERT)' (QA313).
 */
export interface UrlProbeResult {
  probe: UrlProbe;
  tlsFailure?: string;
}

const TLS_FAILURE_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_SSL_WRONG_VERSION_NUMBER',
  'EPROTO',
]);

const BODY_MS = 1_000;

/** The probes' dispatcher: undici's default one but for 100 Continue; connects give up after its default 10 s. */
let probeDispatcher: Agent | undefined;

/** Whether `url` answers: a status below 500, or 501 (Python http.server with only do_POST, QA43). */
export async function isUrlReady(url: string, timeoutMs = 1_000): Promise<boolean> {
  return (await probeUrl(url, timeoutMs)) === 'ready';
}

/**
 * `ready`: a status below 500, or 501; `not_ready`: refused, another status, a broken reply;
 * `no_answer`: connected (or still connecting) but no status within `timeoutMs`. `cancel` (Ctrl-C)
 * ends the wait at once (`not_ready`).
 */
export async function probeUrl(url: string, timeoutMs: number, cancel?: AbortSignal): Promise<UrlProbe> {
  return (await probeUrlSaying(url, timeoutMs, cancel)).probe;
}

/** `probeUrl` with the TLS failure that made it `not_ready`, in words (see UrlProbeResult). */
export async function probeUrlSaying(
  url: string,
  timeoutMs: number,
  cancel?: AbortSignal,
): Promise<UrlProbeResult> {
  const timeout = AbortSignal.timeout(Math.max(1, timeoutMs));
  const signal = cancel ? AbortSignal.any([timeout, cancel]) : timeout;
  try {
    probeDispatcher ??= new Agent({ connect: continueTolerantConnector(10_000) });
    const response = await request(url, { method: 'GET', reset: true, signal, dispatcher: probeDispatcher });
    // The status is the answer. A not-ready one is dropped unread: a 503 page that keeps streaming
    // was read for 1 s, so each probe of an agent still starting took 1 s, not the 100 ms between
    // probes (QA159).
    if (response.statusCode >= 500 && response.statusCode !== 501) {
      response.body.destroy();
      return { probe: 'not_ready' };
    }
    // A ready one: read a short page to its end, cut a long one off, and one still streaming after
    // 1 s (an SSE stream, a slow chunked page) too: the probe's own wait, the time left to
    // ready.timeout since QA143, held the agent 'not ready' until then (QA151).
    await response.body
      .dump({ limit: 64 * 1024, signal: AbortSignal.timeout(BODY_MS) })
      .catch(() => undefined);
    return { probe: 'ready' };
  } catch (cause) {
    if (timeout.aborted) return { probe: 'no_answer' };
    const code = (cause as { code?: unknown }).code;
    return typeof code === 'string' && TLS_FAILURE_CODES.has(code)
      ? { probe: 'not_ready', tlsFailure: describeFailure(cause, code) }
      : { probe: 'not_ready' };
  }
}

/** ` (its ready.url, GET https://…/info: the server's TLS certificate is self-signed (…))`, or ''. */
export function tlsFailureNote(result: UrlProbeResult | undefined, url: string | undefined): string {
  if (result?.tlsFailure === undefined || url === undefined) return '';
  return ` (its ready.url, ${describeTarget('GET', url)}: ${result.tlsFailure})`;
}
