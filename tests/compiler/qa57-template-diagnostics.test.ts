/**
 * validate renders every example's input (README, Templates). Before QA57 it stopped at each
 * example's first failing leaf, so a binding with three leaves reading a var one example lacks
 * named only the first ("Diagnostics are collected, never first-only"), and its hint came from the
 * dataset's first example: "did you mean `opt`?" for the very var `opt` that e1 has and e2 lacks.
 */
import { describe, expect, it } from 'vitest';
import { planDiagnostics } from './plan-helpers.js';

const plan = `evalc: 1
benchmark: { id: b, version: 1.0.0 }
agents:
  a: { protocol: raip, url: "http://127.0.0.1:9" }
tasks:
  t:
    bindings:
      default:
        input:
          a: "{{opt}}"
          b: "x {{opt}}"
          c: "{{user.name}}"
          d: "{{qury}}"
        output: { answer: output.answer }
    datasets:
      d:
        examples:
          - { id: e1, vars: { q: a, qury: x, opt: x, user: { name: A } } }
          - { id: e2, vars: { q: b, query: y, user: {} } }
          - { id: e3, vars: { q: c, qury: z, opt: null, user: { name: null } } }
`;

describe('template diagnostics', () => {
  it('name every failing leaf, each with the examples it fails for', async () => {
    const found = (await planDiagnostics(plan))
      .filter((d) => d.code === 'EVALC_BIND_UNKNOWN_VAR')
      .map((d) => `${d.source?.line} ${d.message}`);
    expect(found).toEqual([
      '10 template fails for dataset d, examples e2 (1 of 3): "opt" is not defined',
      '11 template fails for dataset d, examples e2 (1 of 3): "opt" is not defined',
      '12 template fails for dataset d, examples e2 (1 of 3): "user.name" is not defined',
      '13 template fails for dataset d, examples e2 (1 of 3): "qury" is not defined',
    ]);
  });

  it('say that a var other examples have is missing, and suggest from the failing example', async () => {
    const hints = (await planDiagnostics(plan))
      .filter((d) => d.code === 'EVALC_BIND_UNKNOWN_VAR')
      .map((d) => d.hint);
    expect(hints[0]).toBe(
      '1 example(s) lack `opt`, which 2 other(s) have: give it to every example, or render it only when present ({{#if opt}}…{{/if}})',
    );
    expect(hints[2]).toMatch(/^1 example\(s\) lack `user\.name`, which 2 other\(s\) have/);
    expect(hints[3]).toMatch(/lack `qury`, which 2 other\(s\) have/);
  });

  it('still suggest a near var when no example has the name', async () => {
    const typo = plan.replace('d: "{{qury}}"', 'd: "{{quer}}"');
    const hint = (await planDiagnostics(typo)).find((d) => d.message.includes('"quer"'))?.hint;
    expect(hint).toBe('did you mean `qury`?');
  });
  // A var written beside `vars` (DESIGN §2's example line keeps them under it): the hint said
  // `example vars: none`, which did not say where vars go.
  it('say where vars go when the var is at the top level or under another key', async () => {
    const beside = plan.replace(
      /examples:\n(?:.*\n)+$/,
      'examples:\n          - { id: e1, opt: x, user: { name: A }, qury: x }\n          - { id: e2, input: { opt: x }, vars: { user: { name: B }, qury: y } }\n          - { id: e3, input: { opt: y, user: { name: C }, qury: z } }\n          - { id: e4, expected: { opt: y }, vars: { user: { name: D }, qury: w } }\n',
    );
    const hints = (await planDiagnostics(beside))
      .filter((d) => d.code === 'EVALC_BIND_UNKNOWN_VAR')
      .map((d) => `${d.message.replace(/.*examples /, '')} | ${d.hint}`);
    expect(hints[0]).toBe(
      'e1, e2, e3, e4 (4 of 4): "opt" is not defined | example e1 has `opt` at its top level, kept as data: a template reads an example\'s `vars` ({"id": …, "vars": {"opt": …}})',
    );
    // The first failing example of the leaf reading user.name is e1 (top level), of qury too; e3 has no vars at all.
    // QA174: the others having it in `vars`, the hint said to give it to every example, not where e1 wrote it.
    expect(hints[2]).toBe(
      'e1, e3 (2 of 4): "user.name" is not defined | 2 example(s) lack `user.name` in `vars`, which 2 other(s) have: example e1 has `user` at its top level, kept as data: a template reads an example\'s `vars` ({"id": …, "vars": {"user": …}})',
    );
    const nested = (await planDiagnostics(beside.replace(/ {10}- \{ id: e1,.*\n/, '')))
      .filter((d) => d.code === 'EVALC_BIND_UNKNOWN_VAR')
      .map((d) => d.hint);
    expect(nested[0]).toBe(
      "example e2 has `opt` under `input`, kept as data: a template reads an example's `vars` (move it into `vars`)",
    );
    const onlyInput = (await planDiagnostics(beside.replace(/ {10}- \{ id: e[124].*\n/g, '')))
      .filter((d) => d.code === 'EVALC_BIND_UNKNOWN_VAR')
      .map((d) => d.hint);
    expect(onlyInput[0]).toBe(
      "example e3 has `opt` under `input`, kept as data: a template reads an example's `vars` (rename `input` to `vars`)",
    );
  });
});
