/**
 * No agent or judge URL is rendered (DESIGN §3: an http agent's body is templated, not its URL):
 * a `{{placeholder}}` in one is a validate error at the URL, not a request sent to
 * `/items/%7B%7Bid%7D%7D` for every example (QA22 E4).
 */
import { describe, expect, it } from 'vitest';
import { diagnosticsFor } from './plan-helpers.js';

const urlErrors = (agent: string): Promise<string[]> =>
  diagnosticsFor(
    `evalc: 1
benchmark: { id: b }
agents:
  a: ${agent}
tasks:
  t:
    bindings: { default: { input: { id: "{{id}}" }, output: { answer: name } } }
    datasets: { d: { examples: [ { id: e1, vars: { id: "42" } } ] } }
`,
    'EVALC_URL_INVALID',
  );

describe('a {{template}} in a URL', () => {
  it('is a validate error at the url of an http agent and of any other agent', async () => {
    expect(
      await urlErrors('{ protocol: http, url: "http://127.0.0.1:9/items/{{id}}", method: GET }'),
    ).toEqual([
      '4:29 agent a: url "http://127.0.0.1:9/items/{{id}}" holds a {{template}}, but URLs are sent as written: only the input is templated (an http agent sends it as the body, or as query parameters for GET)',
    ]);
    expect(await urlErrors('{ protocol: raip, url: "http://{{host}}:7101" }')).toHaveLength(1);
  });

  it('leaves URLs without one alone', async () => {
    expect(await urlErrors('{ protocol: http, url: "http://127.0.0.1:9/items", method: GET }')).toEqual([]);
  });
});
