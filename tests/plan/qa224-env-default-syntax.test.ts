/**
 * Regression (QA224): `${env.TOKEN:-sk-dev-…}`, the shell's default syntax, which evalc does not
 * have, was refused with `malformed reference ${env.TOKEN:-sk-dev-…}`: the message printed the
 * default — in a header a literal secret, which the excerpt under it masks — and its hint,
 * "write ${env.NAME}", did not say that no default exists.
 */
import { describe, expect, it } from 'vitest';
import { checkSecretPlacement } from '../../src/plan/secret-placement.js';

const nowhere = () => undefined;
const told = (raw: unknown) => checkSecretPlacement(raw, nowhere).map((d) => `${d.message} | ${d.hint}`);

describe('${env.NAME:-default}', () => {
  it('is refused without printing the default, saying there is none', () => {
    const raw = {
      agents: {
        a1: { headers: { authorization: 'Bearer ${env.A1_TOKEN:-sk-dev-9f8e7d6c}' } },
        a2: { serve: { env: { KEY: '${env.KEY:=fallback-key-123}' } } },
        a3: { url: 'http://127.0.0.1:${env.PORT:-7101}' },
      },
    };
    const out = told(raw);
    expect(out).toEqual([
      'malformed reference ${env.A1_TOKEN:-…}: ${env.NAME} takes no default or other shell form | write ${env.A1_TOKEN} and set A1_TOKEN where apply runs (an unset one stops apply before any call, naming it)',
      'malformed reference ${env.KEY:=…}: ${env.NAME} takes no default or other shell form | write ${env.KEY} and set KEY where apply runs (an unset one stops apply before any call, naming it)',
      'malformed reference ${env.PORT:-…}: ${env.NAME} takes no default or other shell form | ${env.NAME} is read only in headers and serve.env: write the value itself here',
    ]);
    expect(out.join('\n')).not.toMatch(/sk-dev|fallback-key/);
  });

  it('a name with other characters is told what a name holds', () => {
    expect(told({ agents: { a1: { headers: { x: '${env.1TOKEN}' } } } })).toEqual([
      'malformed reference ${env.1TOKEN} | write ${env.NAME}: a name of ASCII letters, digits and _, not starting with a digit',
    ]);
  });
});
