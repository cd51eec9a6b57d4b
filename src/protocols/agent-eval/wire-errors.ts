/**
 * agent-eval error envelopes (`{"error":{code,message,details?}}`) mapped to evalc step errors
 * (shared/protocols/agent-eval.md §3.2 errors table, conformance A6–A9, A12–A14). The same
 * mapping serves HTTP replies and stdio RPC envelopes.
 */

import { quoteCut } from '../quote-cut.js';
import type { StepError } from '../types.js';

export interface WireError {
  code: string;
  message: string;
  /** `null` when the server omitted it (HEAD omits; the seed shows null) — A12. */
  details: unknown;
}

const MAX_MESSAGE = 300;
const MAX_DETAIL_TEXT = 2000;

/** The error envelope in a reply body, if it is one. */
export function parseWireError(body: unknown): WireError | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const error = (body as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, details } = error as { code?: unknown; message?: unknown; details?: unknown };
  if (typeof code !== 'string') return undefined;
  return { code, message: typeof message === 'string' ? message : '', details: details ?? null };
}

/** A step error for a wire error. `status` is undefined for stdio RPC. */
export function mapWireError(where: string, wire: WireError, status?: number): StepError {
  const said = oneLine(wire.message);
  const details = { code: wire.code, details: boundDetails(wire.details) };
  const base = (kind: StepError['kind'], message: string, retryable: boolean): StepError => ({
    kind,
    message,
    retryable,
    details,
  });
  switch (wire.code) {
    case 'validation_error':
      return base(
        'config_error',
        `${where}: the judge request was rejected (validation_error): ${said}`,
        false,
      );
    case 'rubric_not_found':
      return base(
        'config_error',
        `${where}: rubric not registered on the agent-eval server (rubric_not_found): ${said}; define it under rubrics: to send it inline`,
        false,
      );
    case 'llm_not_configured':
      return base(
        'judge_unconfigured',
        `${where}: the agent-eval server has no judge model configured (llm_not_configured); restart it with AGENT_EVAL_LLM_BASE_URL and AGENT_EVAL_LLM_API_KEY (or OPENAI_BASE_URL and OPENAI_API_KEY) set`,
        false,
      );
    case 'judge_error':
      return base(
        'judge_error',
        `${where}: the judge model returned malformed output (judge_error): ${said}`,
        true,
      );
    case 'internal_error':
      return base('judge_error', `${where}: agent-eval internal_error: ${said}`, true);
    case 'unauthorized':
      return base(
        'auth_error',
        `${where}: unauthorized; set the judge's authorization header (${said})`,
        false,
      );
    case 'service_unavailable':
      return base('http_503', `${where}: service_unavailable: ${said}`, true);
    case 'unknown_method':
      return base(
        'incompatible_version',
        `${where}: the server does not know this method (unknown_method): ${said}`,
        false,
      );
    case 'parse_error':
      return base(
        'contract_error',
        `${where}: the server could not parse evalc's request (parse_error): ${said}`,
        false,
      );
    default:
      return mapByStatus(where, status, `${wire.code}: ${said}`, details);
  }
}

/** A step error for a reply that carries no envelope (e.g. Hono's plain-text 404 — A13). */
export function mapBareStatus(where: string, status: number, fallback: StepError, said = ''): StepError {
  if (status === 404) {
    return {
      kind: 'endpoint_not_found',
      message: `${where}: no such endpoint (404 without an agent-eval error body); is this an agent-eval server?`,
      retryable: false,
    };
  }
  if (status === 401 || status === 403) {
    return {
      kind: 'auth_error',
      message: `${where}: HTTP ${status}; check the judge's headers${said === '' ? '' : `: ${said}`}`,
      retryable: false,
    };
  }
  return fallback;
}

function mapByStatus(where: string, status: number | undefined, said: string, details: unknown): StepError {
  if (status === 401 || status === 403)
    return { kind: 'auth_error', message: `${where}: ${said}`, retryable: false, details };
  if (status === 404)
    return { kind: 'endpoint_not_found', message: `${where}: ${said}`, retryable: false, details };
  if (status !== undefined && status >= 400 && status < 500) {
    return { kind: 'config_error', message: `${where}: ${said}`, retryable: false, details };
  }
  return {
    kind: 'judge_error',
    message: `${where}: ${said}`,
    retryable: status === undefined || status >= 500,
    details,
  };
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return quoteCut(flat, MAX_MESSAGE);
}

function boundDetails(details: unknown): unknown {
  if (typeof details === 'string' && details.length > MAX_DETAIL_TEXT)
    return quoteCut(details, MAX_DETAIL_TEXT);
  return details;
}
