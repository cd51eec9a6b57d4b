/**
 * QA44: DESIGN §2 reads secrets with `${env.A1_TOKEN}`; a header written shell-style,
 * `"Bearer $A1_TOKEN"`, validated silently and was sent as those characters (a 401 at run
 * time, or worse, accepted by a lax agent). validate now warns at the header.
 */
import { describe, expect, it } from 'vitest';
import { planDiagnostics } from '../compiler/plan-helpers.js';

const plan = (value: string): string => `evalc: 1
benchmark: { id: b, version: 1.0.0 }
agents:
  a1:
    protocol: raip
    url: http://127.0.0.1:7101
    headers: { authorization: ${JSON.stringify(value)} }
    serve: { command: node a.mjs, env: { PORT: "7101", KEY: "$KEY" } }
tasks:
  t:
    bindings:
      default: { input: { query: "{{q}}" }, output: { answer: "output.answer" } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi } } ] }
`;

const syntax = async (value: string) =>
  (await planDiagnostics(plan(value)))
    .filter((d) => d.code === 'EVALC_SECRET_SYNTAX')
    .map((d) => `${d.severity} ${d.source?.line}:${d.source?.col} ${d.message} | ${d.hint}`);

describe('a shell-style $NAME in headers or serve.env', () => {
  it('warns, pointing at ${env.NAME}', async () => {
    expect(await syntax('Bearer $A1_TOKEN')).toEqual([
      'warning 7:31 $A1_TOKEN is sent as these characters: evalc does not expand shell variables | write ${env.A1_TOKEN} to read it from the environment',
      'warning 8:61 $KEY is sent as these characters: evalc does not expand shell variables | write ${env.KEY} to read it from the environment',
    ]);
  });

  it('says nothing of ${env.NAME} or of a lower-case $ in a literal value', async () => {
    expect((await syntax('Bearer ${env.A1_TOKEN}')).length).toBe(1); // only serve.env's $KEY
    expect((await syntax('Bearer pa$$word')).length).toBe(1);
  });
});
