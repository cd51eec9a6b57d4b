/**
 * The first failed call of a judge, said after 'judge oj scored nothing: …' (QA295: an `openai`
 * judge has no start probe, so one nothing listens for said only 'all 2 of its scores failed
 * (transport_error 2)' on stderr, and report.md's Errors table drops the URL its words name).
 * "First" is in the lock's order — group, example, repeat, metric — not the order the replies came
 * back in (QA302: a judge failing two ways named whichever reply was quicker, so two applies of one
 * plan could say different things on stderr and in `--json`).
 */
import type { JudgeConfig } from '../plan/schema.js';
import type { JudgeClient } from '../protocols/judge-types.js';
import type { StepError } from '../protocols/types.js';
import { notListeningHint } from './discovery.js';

/** Where a call stands in the lock: group index, example index, repeat, metric index. */
export type JudgeCallOrder = readonly number[];

/** Called after the call fails only (computing it may cost a lookup). */
type OrderOf = () => JudgeCallOrder;

const UNORDERED: JudgeCallOrder = [Number.POSITIVE_INFINITY];

function before(a: JudgeCallOrder, b: JudgeCallOrder): boolean {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return a.length < b.length;
}

/**
 * `client`, keeping its failure first in the lock's order (not a call cancelled by Ctrl-C);
 * `at(order)` is the client a score step calls; `first()` says the failure, masked, with the hint.
 */
export function notingFirstFailure(
  client: JudgeClient,
  config: JudgeConfig,
  scrub: (text: string) => string,
): { client: JudgeClient; at: (order: OrderOf) => JudgeClient; first: () => string | undefined } {
  let failure: { error: StepError; order: JudgeCallOrder } | undefined;
  const noting = (orderOf: OrderOf): JudgeClient => ({
    protocol: client.protocol,
    describe: (signal) => client.describe(signal),
    close: () => client.close(),
    async judge(request, signal) {
      const outcome = await client.judge(request, signal);
      if (!outcome.ok && outcome.error.kind !== 'cancelled') {
        const order = orderOf();
        if (failure === undefined || before(order, failure.order)) failure = { error: outcome.error, order };
      }
      return outcome;
    },
  });
  return {
    client: noting(() => UNORDERED),
    at: noting,
    first: () =>
      failure === undefined
        ? undefined
        : `${scrub(failure.error.message.replace(/\s+/g, ' ').trim())}${notListeningHint(config, failure.error, 'judge')}`,
  };
}
