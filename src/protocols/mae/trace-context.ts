/**
 * W3C trace context for the mae adapter (mae.md §1.2 "Headers", conformance case M27), opt-in
 * with the plan's `traceContext: true`.
 *
 * Ids are deterministic so request bytes stay reproducible across runs of the same plan:
 * - trace id (32 hex) = SHA-256 of
 *   `mae-trace\0<runId>\0<agentId>\0<taskId>\0<datasetId>\0<exampleId>\0<repeat>`, first 32 hex:
 *   one trace per conversation (QA144: without the agent and the dataset, two agents on one example,
 *   or one example id in two datasets of a task, sent the same trace and span ids);
 * - span id (16 hex) = SHA-256 of `mae-span\0<traceId>\0<turn>`, first 16 hex — one span per
 *   request (a `processing` resend is a new turn, so a new span);
 * - flags `01` (sampled).
 * The all-zero ids W3C forbids are mapped to `…01` (a SHA-256 prefix of zeros is not expected
 * in practice, the guard keeps the format valid regardless).
 */
import { sha256Hex } from '../canonical-json.js';

export interface TraceContextKey {
  runId: string;
  /** The plan's agent id ('' when the adapter is used without one). */
  agentId: string;
  taskId: string;
  datasetId: string;
  exampleId: string;
  repeat: number;
}

/** `00-<32 hex>-<16 hex>-<2 hex>`, what AgentV validates before sending the header. */
export const TRACEPARENT_PATTERN = /^00-[a-f0-9]{32}-[a-f0-9]{16}-[a-f0-9]{2}$/;

export function traceIdFor(key: TraceContextKey): string {
  const text = [
    'mae-trace',
    key.runId,
    key.agentId,
    key.taskId,
    key.datasetId,
    key.exampleId,
    String(key.repeat),
  ].join('\0');
  return nonZero(sha256Hex(text).slice(0, 32));
}

export function traceparentFor(traceId: string, turn: number): string {
  const spanId = nonZero(sha256Hex(['mae-span', traceId, String(turn)].join('\0')).slice(0, 16));
  return `00-${traceId}-${spanId}-01`;
}

function nonZero(hex: string): string {
  return /^0+$/.test(hex) ? `${hex.slice(0, -2)}01` : hex;
}
