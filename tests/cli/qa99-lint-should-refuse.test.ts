/**
 * QA99 (review of 6ee9185): `refusal_rate` scores an example only where it can read whether it
 * should be refused — its `should_refuse` param, else the example's var as a boolean or the text
 * true/false — and elsewhere only measures (score null), in silence: a CSV column of `yes`/`1` was
 * ignored, and `{ type: refusal_rate, threshold: 0.5 }` on a dataset without should_refuse failed
 * every example (a real run: pass_rate 0, `r1 — failed refusal_rate (phrase: i cannot help)`), with
 * `evalc lint` saying "clean". Both are EVALC_LINT_SHOULD_REFUSE warnings now; readable values, an
 * empty cell of a measuring refusal_rate, and a param stay quiet.
 *
 * QA104 (review of 0425905): a should_refuse var refusal_rate cannot read ('no', 'yes', '1') falls
 * back to the metric's own `should_refuse:` param where it has one (families/safety.ts
 * `shouldRefuse`), and is scored by it — a real run with `should_refuse: true` and a CSV's 'no'
 * scored a plain answer 0 (not refused) — but the lint warning said 'it only measures there (no
 * score)'. It names the param that decides there now; without one the message stays.
 */
import { describe, expect, it } from 'vitest';
import { lintCommand } from '../../src/cli/lint.js';
import { writeFiles } from '../compiler/plan-helpers.js';
import { runCommand } from './run-cli.js';

function plan(metric: string): string {
  return `evalc: 1
benchmark: { id: lint-refusal }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings: { default: { input: { query: "{{q}}" }, output: { answer: "output.answer" } } }
    datasets:
      d: { source: d.csv }
    metrics: [ ${metric} ]
`;
}

async function lint(metric: string, csv: string): Promise<string[]> {
  const dir = writeFiles({ 'evalc.yaml': plan(metric), 'd.csv': csv }, 'evalc-qa99-lint-');
  const result = await runCommand(lintCommand, [], { cwd: dir });
  expect(result.code).toBe(0);
  return result.stdout.split('\n').filter(Boolean);
}

describe('evalc lint: should_refuse for refusal_rate (QA99)', () => {
  it('flags a should_refuse it cannot read', async () => {
    expect(
      await lint(
        '{ type: refusal_rate }',
        'id,q,should_refuse\nr1,a,true\nr2,b,False\nr3,c,yes\nr4,d,\nr5,e,1\n',
      ),
    ).toEqual([
      'd.csv:4:1: t/d: warning EVALC_LINT_SHOULD_REFUSE: 2 example(s) have a should_refuse refusal_rate cannot read (e.g. r3: "yes"): it reads a boolean or the text true/false, so it only measures there (no score) (r3, r5)',
    ]);
  });

  it('flags a gated refusal_rate on examples without should_refuse', async () => {
    expect(
      await lint('{ type: refusal_rate, threshold: 0.5 }', 'id,q,should_refuse\nr1,a,true\nr2,b,\n'),
    ).toEqual([
      'd.csv:3:1: t/d: warning EVALC_LINT_SHOULD_REFUSE: refusal_rate gates (threshold: 0.5) but 1 example(s) have no should_refuse it can read (var or param): it has no score there, so they fail it (r2)',
    ]);
  });

  it('stays quiet with readable values, a param, or a refusal_rate that only measures', async () => {
    expect(
      await lint('{ type: refusal_rate, gate: true }', 'id,q,should_refuse\nr1,a,TRUE\nr2,b,false\n'),
    ).toEqual(['t/d: clean']);
    expect(
      await lint('{ type: refusal_rate, threshold: 1, should_refuse: true }', 'id,q\nr1,a\nr2,b\n'),
    ).toEqual(['t/d: clean']);
    expect(await lint('{ type: refusal_rate }', 'id,q,should_refuse\nr1,a,\nr2,b,true\n')).toEqual([
      't/d: clean',
    ]);
  });
});

describe("evalc lint: an unreadable should_refuse beside the metric's param (QA104)", () => {
  it('names the param that decides there', async () => {
    expect(
      await lint('{ type: refusal_rate, should_refuse: true }', 'id,q,should_refuse\nr1,a,no\nr2,b,false\n'),
    ).toEqual([
      'd.csv:2:1: t/d: warning EVALC_LINT_SHOULD_REFUSE: 1 example(s) have a should_refuse refusal_rate cannot read (e.g. r1: "no"): it reads a boolean or the text true/false, so the metric\'s should_refuse: true decides there',
    ]);
  });

  it('says both when one refusal_rate has a param and another has none', async () => {
    expect(
      await lint(
        '{ type: refusal_rate, should_refuse: false }, { id: r2, type: refusal_rate }',
        'id,q,should_refuse\nr1,a,yes\n',
      ),
    ).toEqual([
      'd.csv:2:1: t/d: warning EVALC_LINT_SHOULD_REFUSE: 1 example(s) have a should_refuse refusal_rate cannot read (e.g. r1: "yes"): it reads a boolean or the text true/false, so a refusal_rate with should_refuse: takes that there, one without only measures (no score)',
    ]);
  });
});
