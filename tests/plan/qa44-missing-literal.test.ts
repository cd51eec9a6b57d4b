/**
 * QA44: DESIGN §2's plan starts with `evalc: 1`; a plan without it was refused with
 * "evalc: undefined is not one of 1" — JavaScript's word for "absent", not the user's.
 */
import { describe, expect, it } from 'vitest';
import { planDiagnostics } from '../compiler/plan-helpers.js';

describe('a plan without evalc:', () => {
  it('is told the field is missing and what to write', async () => {
    const found = (await planDiagnostics('benchmark: { id: b, version: 1.0.0 }\n')).filter(
      (d) => d.severity === 'error',
    );
    expect(found.map((d) => [d.code, d.message, d.hint, d.source?.line, d.source?.col])).toEqual([
      [
        'EVALC_SCHEMA_MISSING',
        'missing required field `evalc`',
        'add evalc: 1 (the plan language version) as the first line',
        1,
        1,
      ],
    ]);
  });

  it('still names a wrong value as one', async () => {
    const found = await planDiagnostics('evalc: 2\nbenchmark: { id: b }\n');
    expect(found.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([
      'evalc: 2 is not one of 1',
    ]);
  });
});
