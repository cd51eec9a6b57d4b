/**
 * The body of `POST /v1/judge` (or `rpc judge` params): exactly one of `rubricName` (a rubric
 * registered on the server) or `rubric` (an inline definition) — never both (A5: refused here,
 * before anything is sent; the server would answer 400).
 */
import type { JudgeRequest } from '../judge-types.js';
import type { StepError } from '../types.js';
import type { JudgeWireBody } from './wire-client.js';

export interface RubricSelector {
  rubricName?: string | undefined;
  rubric?: unknown;
}

export type JudgeBodyResult = { ok: true; body: JudgeWireBody } | { ok: false; error: StepError };

export function buildJudgeBody(
  selector: RubricSelector,
  request: JudgeRequest,
  defaultModel?: string,
): JudgeBodyResult {
  const hasName = selector.rubricName !== undefined;
  const hasInline = selector.rubric !== undefined;
  if (hasName === hasInline) {
    return {
      ok: false,
      error: {
        kind: 'contract_error',
        message: hasName
          ? 'agent-eval judge: a request names a registered rubric and carries an inline one; send exactly one'
          : 'agent-eval judge: a request needs a rubric name or an inline rubric',
        retryable: false,
      },
    };
  }
  const body: JudgeWireBody = { content: request.content };
  if (selector.rubricName !== undefined) body.rubricName = selector.rubricName;
  else body.rubric = selector.rubric;
  const context: Record<string, unknown> = {};
  if (request.task !== undefined) context.task = request.task;
  if (request.reference !== undefined) context.reference = request.reference;
  if (Object.keys(context).length > 0) body.context = context;
  const model = request.model ?? defaultModel;
  if (model !== undefined) body.model = model;
  return { ok: true, body };
}
