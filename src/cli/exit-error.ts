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
