/** Carries an exit code to the CLI boundary (the only place that calls process.exit). */
export const EXIT = { ok: 0, failure: 1, changes: 2, usage: 64, invalidPlan: 65, interrupted: 130 } as const;

export class ExitError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Exit code for a plan with error diagnostics: 64 when the plan file itself is missing (a usage error), else 65. */
export function invalidPlanExit(diagnostics: readonly { code: string; path: readonly unknown[] }[]): number {
  return diagnostics.some((d) => d.code === 'EVALC_FILE_NOT_FOUND' && d.path.length === 0)
    ? EXIT.usage
    : EXIT.invalidPlan;
}
