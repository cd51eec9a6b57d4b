/**
 * The first failed call of a judge, said after 'judge oj scored nothing: …' (QA295: an `openai`
 * judge has no start probe, so one nothing listens for said only 'all 2 of its scores failed
 * (transport_error 2)' on stderr, and report.md's Errors table drops the URL its words name).
 */
import type { JudgeConfig } from '../plan/schema.js';
import type { JudgeClient } from '../protocols/judge-types.js';
import type { StepError } from '../protocols/types.js';
import { notListeningHint } from './discovery.js';

/** `client`, keeping its first failure (not a call cancelled by Ctrl-C); `first()` says it, masked, with the hint. */
export function notingFirstFailure(
  client: JudgeClient,
  config: JudgeConfig,
  scrub: (text: string) => string,
): { client: JudgeClient; first: () => string | undefined } {
  let failure: StepError | undefined;
  return {
    client: {
      protocol: client.protocol,
      describe: (signal) => client.describe(signal),
      close: () => client.close(),
      async judge(request, signal) {
        const outcome = await client.judge(request, signal);
        if (!outcome.ok && outcome.error.kind !== 'cancelled') failure ??= outcome.error;
        return outcome;
      },
    },
    first: () =>
      failure === undefined
        ? undefined
        : `${scrub(failure.message.replace(/\s+/g, ' ').trim())}${notListeningHint(config, failure, 'judge')}`,
  };
}
