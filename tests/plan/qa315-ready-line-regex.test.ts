/**
 * QA315: a `serve.ready.line` that is no regular expression (`ready(`), or a risky one the
 * linear-time engine cannot run (`(a+)+$\1`), passed validate; apply then said "agent a1 could not
 * start: serve a1: ready.line is not a valid regular expression", with no file:line:col. It is a
 * validate error at its line, for an agent's and a judge's serve alike.
 */
import { describe, expect, it } from 'vitest';
import { planDiagnostics } from '../compiler/plan-helpers.js';

const plan = (line: string) => `evalc: 1
benchmark: { id: b }
agents:
  a1:
    protocol: raip
    url: http://127.0.0.1:7101
    serve: { command: node a.mjs, ready: { line: ${JSON.stringify(line)}, timeout: 15s } }
judges:
  j:
    protocol: agent-eval
    url: http://127.0.0.1:5005
    rubric: r
    serve: { command: node j.mjs, ready: { line: ${JSON.stringify(line)} } }
`;

const said = async (line: string) =>
  (await planDiagnostics(plan(line)))
    .filter((d) => d.path.at(-1) === 'line')
    .map((d) => `${d.source?.line}:${d.source?.col} ${d.code} ${d.message}`);

describe('serve.ready.line', () => {
  it('is refused at its line when it is no regular expression', async () => {
    expect(await said('ready(')).toEqual([
      '7:50 EVALC_SCHEMA_INVALID agents.a1.serve.ready.line: invalid regular expression: /ready(/: Unterminated group',
      '13:50 EVALC_SCHEMA_INVALID judges.j.serve.ready.line: invalid regular expression: /ready(/: Unterminated group',
    ]);
  });

  it('is refused when it could backtrack exponentially and RE2 cannot run it', async () => {
    const lines = await said('(a+)+$\\1');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^7:50 EVALC_SCHEMA_INVALID agents\.a1\.serve\.ready\.line: regular expression could take exponential time/,
    );
  });

  it('takes a pattern that compiles, a risky one RE2 runs too', async () => {
    expect(await said('^listening on \\d+')).toEqual([]);
    expect(await said('^(a+)+$|^ready$')).toEqual([]);
  });
});
