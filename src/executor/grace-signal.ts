/**
 * Graceful stop (Terraform's first Ctrl-C): the run signal stops dispatching new steps at
 * once, while steps already in flight keep their own signal, which aborts only `graceMs`
 * after the run signal (a hung agent cannot hold the process forever; a second Ctrl-C exits
 * at once in cli/main.ts). Completed steps are cached, so nothing finished is thrown away.
 */
import { setMaxListeners } from 'node:events';

export const GRACEFUL_STOP_MS = 30_000;

export interface GraceSignal {
  signal: AbortSignal;
  dispose(): void;
}

/**
 * The run's dispatch signal: aborted by the first Ctrl-C or a cache that cannot be written. Every
 * example waiting for an rps token listens to it, so it has no listener limit (with
 * Node's default of 10, a run of `limits.rps` printed `MaxListenersExceededWarning`, QA61).
 */
export function dispatchSignal(sources: AbortSignal[]): AbortSignal {
  const signal = AbortSignal.any(sources);
  setMaxListeners(0, signal);
  return signal;
}

export function graceSignal(run: AbortSignal, graceMs: number = GRACEFUL_STOP_MS): GraceSignal {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  let timer: NodeJS.Timeout | undefined;
  const onAbort = () => {
    timer = setTimeout(() => controller.abort(), graceMs);
    timer.unref();
  };
  if (run.aborted) onAbort();
  else run.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    dispose() {
      run.removeEventListener('abort', onAbort);
      if (timer) clearTimeout(timer);
    },
  };
}
