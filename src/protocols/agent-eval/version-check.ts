/**
 * Compatibility of an agent-eval server (conformance A1–A3): the package must be
 * `@tangle-network/agent-eval` and the wire major 1. Wire 1.0.x servers may tag rubrics with the
 * pre-0.167 djb2 scheme, so their tags are flagged as legacy.
 */
import type { JudgeServerInfo } from '../judge-types.js';
import { twiceEncodedSuffix } from '../twice-encoded.js';
import type { StepError } from '../types.js';
import { AGENT_EVAL_PACKAGE, describeIssues, versionReplySchema } from './wire-replies.js';

export const SUPPORTED_WIRE_MAJOR = 1;

export type VersionCheck = { ok: true; info: JudgeServerInfo } | { ok: false; error: StepError };

export function checkAgentEvalVersion(where: string, reply: unknown): VersionCheck {
  const parsed = versionReplySchema.safeParse(reply);
  if (!parsed.success) {
    return {
      ok: false,
      error: {
        kind: 'incompatible_version',
        message: `${where}: not an agent-eval version reply (${describeIssues(parsed.error)})${twiceEncodedSuffix(reply)}`,
        retryable: false,
      },
    };
  }
  const { package: name, version, wireVersion } = parsed.data;
  if (name !== AGENT_EVAL_PACKAGE) {
    return {
      ok: false,
      error: {
        kind: 'incompatible_version',
        message: `${where}: the server is "${name}", not ${AGENT_EVAL_PACKAGE}`,
        retryable: false,
      },
    };
  }
  // The seed writes "1.0.0" and says wireVersion bumps only on breaking changes: a major-1 version
  // written short ("1.0", "1") is wire 1, as the Python client reads it (QA225: "1.0" was refused
  // with "evalc speaks wire 1.x").
  const parts = /^(\d+)(?:\.(\d+))?(?:$|[.+-])/.exec(wireVersion);
  if (!parts) {
    return {
      ok: false,
      error: {
        kind: 'incompatible_version',
        message: `${where}: wireVersion ${JSON.stringify(wireVersion)} is not a version (expected MAJOR.MINOR.PATCH, e.g. 1.1.0; evalc speaks wire ${SUPPORTED_WIRE_MAJOR}.x)`,
        retryable: false,
      },
    };
  }
  if (Number(parts[1]) !== SUPPORTED_WIRE_MAJOR) {
    return {
      ok: false,
      error: {
        kind: 'incompatible_version',
        message: `${where}: wire protocol ${wireVersion} is not supported (evalc speaks wire ${SUPPORTED_WIRE_MAJOR}.x)`,
        retryable: false,
      },
    };
  }
  const info: JudgeServerInfo = { package: name, version, wireVersion };
  // Wire 1.0 (or a minor left out) may tag with the pre-0.167 scheme.
  if (parts[2] === undefined || Number(parts[2]) === 0) info.legacyRubricVersionScheme = true;
  return { ok: true, info };
}
