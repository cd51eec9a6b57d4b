/**
 * A served judge whose process exits mid-run: each later failure of its calls says so, naming its
 * log, as a served agent's failures do (run-example.ts). They read "connection refused" alone,
 * which does not point at the judge's process (QA146).
 */
import type { JudgeClient } from '../protocols/judge-types.js';

/** How long a failed call waits to see whether the process has exited (as run-example.ts's). */
const SERVED_EXIT_WAIT_MS = 250;

export function notingServedExit(
  client: JudgeClient,
  exited: (waitMs: number) => Promise<string | undefined>,
): JudgeClient {
  return {
    protocol: client.protocol,
    describe: (signal) => client.describe(signal),
    close: () => client.close(),
    async judge(request, signal) {
      const outcome = await client.judge(request, signal);
      if (outcome.ok || outcome.error.kind === 'cancelled') return outcome;
      const how = await exited(outcome.error.kind === 'transport_error' ? SERVED_EXIT_WAIT_MS : 0);
      if (!how) return outcome;
      return { ok: false, error: { ...outcome.error, message: `${outcome.error.message} — ${how}` } };
    },
  };
}
