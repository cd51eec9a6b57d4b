/**
 * Regression (QA93 review of d538b24): `${{…}}` is text only where a template is rendered (a
 * binding's input, a judge's content). A header or serve.env value is not rendered: there
 * `Bearer ${{env.TOKEN}}` is a mistyped `${env.TOKEN}`, and d538b24 let it pass validate, so the
 * agent was sent the characters `${{env.TOKEN}}` (a 401 at run time instead of an error naming the
 * header). The template case stays text.
 */
import { describe, expect, it } from 'vitest';
import { checkSecretPlacement } from '../../src/plan/secret-placement.js';

const nowhere = () => undefined;
const codes = (raw: unknown) => checkSecretPlacement(raw, nowhere).map((d) => [d.code, d.path.join('.')]);

describe('${{…}} in a header or serve.env', () => {
  it('is a malformed reference there', () => {
    const raw = {
      agents: {
        a1: {
          headers: { Authorization: 'Bearer ${{env.TOKEN}}', 'X-Key': '${env.KEY} ${{x}}' },
          serve: { env: { API_KEY: '${{env.API_KEY}}' } },
        },
      },
      judges: { j: { headers: { Authorization: '${{env.JUDGE}}' } } },
    };
    expect(codes(raw)).toEqual([
      ['EVALC_SECRET_SYNTAX', 'agents.a1.headers.Authorization'],
      ['EVALC_SECRET_SYNTAX', 'agents.a1.headers.X-Key'],
      ['EVALC_SECRET_SYNTAX', 'agents.a1.serve.env.API_KEY'],
      ['EVALC_SECRET_SYNTAX', 'judges.j.headers.Authorization'],
    ]);
  });

  it('stays text where a template is rendered', () => {
    const raw = {
      agents: { a1: { headers: { Authorization: 'Bearer ${env.TOKEN}' } } },
      tasks: { t: { bindings: { default: { input: { q: 'for ${{amount}}' } } } } },
    };
    expect(codes(raw)).toEqual([]);
  });
});
