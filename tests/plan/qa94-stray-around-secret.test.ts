/**
 * QA94: a header or serve.env value is sent as written but for its `${env.NAME}` references, and
 * three near misses of one passed validate silently and reached the agent as characters:
 * `Bearer {{env.TOKEN}}` (a template placeholder: nothing is rendered there), `${env.TOKEN}}` (a
 * `}` after the value) and `$${env.TOKEN}` (a `$` before it). Each is a warning naming the fix; a
 * correct reference, and a `{{…}}` outside a secret position, stay silent.
 */
import { describe, expect, it } from 'vitest';
import { checkSecretPlacement } from '../../src/plan/secret-placement.js';

const nowhere = () => undefined;
const said = (raw: unknown) =>
  checkSecretPlacement(raw, nowhere).map((d) => `${d.severity} ${d.path.join('.')} ${d.message} | ${d.hint}`);

describe('what a header or serve.env value sends as written beside a secret', () => {
  it('warns of a {{…}} placeholder, a } after and a $ before ${env.NAME}', () => {
    const raw = {
      agents: {
        a1: {
          headers: { Authorization: 'Bearer {{env.TOKEN}}', 'X-Key': '${env.KEY}}' },
          serve: { env: { PASS: '$${env.PASS}', NAME: '{{ user }}' } },
        },
      },
    };
    expect(said(raw)).toEqual([
      'warning agents.a1.headers.Authorization `{{env.TOKEN}}`: headers and serve.env values are not templated, so it is sent as these characters | write ${env.TOKEN} to read TOKEN from the environment',
      'warning agents.a1.headers.X-Key the `}` after ${env.KEY} is sent as these characters | write ${env.KEY}',
      'warning agents.a1.serve.env.PASS the `$` before ${env.PASS} is sent as these characters | write ${env.PASS}',
      'warning agents.a1.serve.env.NAME `{{ user }}`: headers and serve.env values are not templated, so it is sent as these characters | write ${env.NAME} for a secret',
    ]);
  });

  it('stays silent on a correct reference and on a template placeholder where one is rendered', () => {
    const raw = {
      agents: { a1: { headers: { Authorization: 'Bearer ${env.TOKEN}', 'X-Json': '{"a": 1}' } } },
      tasks: { t: { bindings: { default: { input: { q: '{{q}} for ${{amount}}' } } } } },
    };
    expect(said(raw)).toEqual([]);
  });
});
