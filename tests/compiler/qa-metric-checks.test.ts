/**
 * Metric parameters that can only fail at run time are plan diagnostics: pass@k / pass^k with a
 * k above `run.repeats` (every example's metric would be an error).
 */
import { describe, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { runCommand } from '../cli/run-cli.js';
import { writeFiles } from './plan-helpers.js';

const planWith = (repeats: number, metric: string) => `evalc: 1
benchmark: { id: k, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings:
      default:
        input: { query: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }
    metrics:
      - { type: exact_match, candidate: answer, expected: answer }
      - ${metric}
run: { repeats: ${repeats} }
`;

async function validate(repeats: number, metric: string) {
  const dir = writeFiles({ 'evalc.yaml': planWith(repeats, metric) }, 'evalc-qa-k-');
  const result = await runCommand(validateCommand, ['evalc.yaml', '--json'], { cwd: dir });
  return {
    code: result.code,
    diagnostics: (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics,
  };
}

describe('pass@k and pass^k against run.repeats', () => {
  it('reports k above the repeats at the k', async () => {
    const { code, diagnostics } = await validate(3, '{ type: pass_at_k, k: 5 }');
    expect(code).toBe(65);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'EVALC_METRIC_PARAM',
        message: 'pass_at_k: k = 5 exceeds run.repeats (3)',
        source: { file: 'evalc.yaml', line: 15, col: 31 },
      }),
    ]);
    expect((await validate(2, '{ type: pass_hat_k, k: 3 }')).code).toBe(65);
  });

  it('accepts k up to the repeats, and no k (k = repeats)', async () => {
    expect(await validate(3, '{ type: pass_at_k, k: 3 }')).toEqual({ code: 0, diagnostics: [] });
    expect(await validate(1, '{ type: pass_hat_k }')).toEqual({ code: 0, diagnostics: [] });
  });
});
