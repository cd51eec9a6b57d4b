/**
 * QA59: `${env.NAME}` in a mapping key (a header name, a binding input field, a serve.env name) was
 * valid and sent as those characters, while the same reference in a value outside headers and
 * serve.env is EVALC_SECRET_PLACEMENT. A key is never resolved: it is refused at the key.
 */
import { describe, expect, it } from 'vitest';
import { checkSecretPlacement } from '../../src/plan/secret-placement.js';

describe('a ${env.NAME} reference in a key', () => {
  it('is EVALC_SECRET_PLACEMENT, in headers and serve.env as anywhere else', () => {
    const raw = {
      agents: { a1: { headers: { '${env.H}': 'v' }, serve: { command: 'x', env: { 'P_${env.K}': '1' } } } },
      tasks: { t: { bindings: { default: { input: { '${env.Q}': '{{q}}' } } } } },
    };
    const d = checkSecretPlacement(raw, (p) => ({ file: 'p.yaml', line: p.length, col: 1 }));
    expect(d.map((x) => [x.code, x.path.join('.'), x.message])).toEqual([
      [
        'EVALC_SECRET_PLACEMENT',
        'agents.a1.headers.${env.H}',
        '${env.H} in a key is not read from the environment',
      ],
      [
        'EVALC_SECRET_PLACEMENT',
        'agents.a1.serve.env.P_${env.K}',
        '${env.K} in a key is not read from the environment',
      ],
      [
        'EVALC_SECRET_PLACEMENT',
        'tasks.t.bindings.default.input.${env.Q}',
        '${env.Q} in a key is not read from the environment',
      ],
    ]);
  });

  it('keys without a reference, and references in header values, are fine', () => {
    const raw = { agents: { a1: { headers: { authorization: 'Bearer ${env.T}', 'x-$id': 'v' } } } };
    expect(checkSecretPlacement(raw, () => undefined)).toEqual([]);
  });
});
