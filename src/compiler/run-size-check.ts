/**
 * A plan whose `run.repeats` multiplies its examples into a very large number of invoke steps:
 * `plan` and `apply` build and key every step (example × repeat, per agent) in memory before the
 * first request, about 1.5 s and 200 MB per 200,000 steps (QA59 F9: `repeats: 1000000` took
 * minutes to plan). A warning above RUN_STEPS_WARNING; schema.ts caps repeats at 10000.
 */
import type { Diagnostic, PlanPath, SourcePosition } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';

export const RUN_STEPS_WARNING = 100_000;

export function checkRunSize(
  repeats: number,
  invokes: number,
  locate: (p: PlanPath, key?: string) => SourcePosition | undefined,
): Diagnostic[] {
  if (repeats <= 1 || invokes <= RUN_STEPS_WARNING) return [];
  const at: PlanPath = ['run', 'repeats'];
  return [
    diagnostic(
      'EVALC_RUN_SIZE',
      `run.repeats: ${repeats} makes ${invokes.toLocaleString('en-US')} invoke steps (examples × repeats, per agent): plan and apply key every one in memory before the first request (about 1.5 s and 200 MB per 200,000), and apply sends them all`,
      at,
      {
        severity: 'warning',
        source: locate(at),
        hint: `pass@k and stability estimates need k repeats (tens); keep examples × repeats × agents under ${RUN_STEPS_WARNING.toLocaleString('en-US')}`,
      },
    ),
  ];
}
