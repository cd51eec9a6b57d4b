/**
 * A served agent's `ready.url` probe: one GET, 1 s at most, on a connection closed after the
 * reply (QA63). The probe used `fetch`, whose pooled connection stayed open 4 s after the
 * answer: a single-threaded agent (Python's `HTTPServer` with HTTP/1.1) served that idle
 * connection until it timed out, so the run's first request (RAIP `/info`) waited 4 s.
 */
import { request } from 'undici';

/** Whether `url` answers: a status below 500, or 501 (Python http.server with only do_POST, QA43). */
export async function isUrlReady(url: string): Promise<boolean> {
  try {
    const response = await request(url, { method: 'GET', reset: true, signal: AbortSignal.timeout(1_000) });
    // read a short page to its end, cut a long one off (dump never throws from here)
    await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
    return response.statusCode < 500 || response.statusCode === 501;
  } catch {
    return false;
  }
}
