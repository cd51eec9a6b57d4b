/**
 * An input an adapter refuses before sending anything (a RAIP input that misfits the agent's
 * inputSchema, a chat input with no user turn, an openai input that is not messages, an http GET
 * input that is not an object): a `contract_error` marked `details.source: 'local'`, which is
 * no agent call — it neither counts as one nor fails an agent's preflight (QA45).
 */
import type { StepError } from './types.js';

export function localRefusal(message: string, details: Record<string, unknown> = {}): StepError {
  return { kind: 'contract_error', message, retryable: false, details: { source: 'local', ...details } };
}

export function isLocalRefusal(error: StepError): boolean {
  return (error.details as { source?: unknown } | undefined)?.source === 'local';
}
