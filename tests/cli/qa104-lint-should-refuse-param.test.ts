/**
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

async function lint(metrics: string, csv: string): Promise<string[]> {
  const plan = `evalc: 1
benchmark: { id: lint-refusal-param }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings: { default: { input: { query: "{{q}}" }, output: { answer: "output.answer" } } }
    datasets:
      d: { source: d.csv }
    metrics: ${metrics}
`;
  const dir = writeFiles({ 'evalc.yaml': plan, 'd.csv': csv }, 'evalc-qa104-lint-');
  const result = await runCommand(lintCommand, [], { cwd: dir });
  expect(result.code).toBe(0);
  return result.stdout.split('\n').filter(Boolean);
}

describe("evalc lint: an unreadable should_refuse beside the metric's param (QA104)", () => {
  it('names the param that decides there', async () => {
    expect(
      await lint(
        '[ { type: refusal_rate, should_refuse: true } ]',
        'id,q,should_refuse\nr1,a,no\nr2,b,false\n',
      ),
    ).toEqual([
      'd.csv:2:1: t/d: warning EVALC_LINT_SHOULD_REFUSE: 1 example(s) have a should_refuse refusal_rate cannot read (e.g. r1: "no"): it reads a boolean or the text true/false, so the metric\'s should_refuse: true decides there',
    ]);
  });

  it('says both when one refusal_rate has a param and another has none', async () => {
    expect(
      await lint(
        '[ { type: refusal_rate, should_refuse: false }, { id: r2, type: refusal_rate } ]',
        'id,q,should_refuse\nr1,a,yes\n',
      ),
    ).toEqual([
      'd.csv:2:1: t/d: warning EVALC_LINT_SHOULD_REFUSE: 1 example(s) have a should_refuse refusal_rate cannot read (e.g. r1: "yes"): it reads a boolean or the text true/false, so a refusal_rate with should_refuse: takes that there, one without only measures (no score)',
    ]);
  });
});
