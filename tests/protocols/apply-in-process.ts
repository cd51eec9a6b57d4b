/** `evalc apply` run in the test process (no CLI child), quiet, for protocol cases that need the executor. */
import { type ApplyOutcome, applyRun, createProgress } from '../../src/index.js';

export function applyInProcess(
  dir: string,
  extra: { updateLock?: boolean; refresh?: boolean; baseline?: string; frozen?: boolean } = {},
): Promise<ApplyOutcome> {
  return applyRun({
    planFile: 'evalc.yaml',
    cwd: dir,
    env: {},
    signal: new AbortController().signal,
    progress: createProgress('quiet', () => {}),
    ...extra,
  });
}
