/**
 * QA125 (review of QA121's 981b091, hints inside checkpoints): a checkpoint matching none of its
 * forms — `{ phrse: done }` (a typo of its only key) or `{ phrase: done, tool: refund }` (two forms
 * in one) — read "checkpoints.1: Invalid input" with no hint: 981b091's hint reads the form sharing
 * the value's keys, and there is none, or no single one. The hint names the forms a checkpoint
 * takes, and a guess for a key that is in none of them.
 *
 * QA129 (review of 78646f7): a checkpoint written as a list (`- [refund, done]`, two checkpoints
 * meant as one) matches none of the forms; the forms hint read its indices as keys — "`0` is in no
 * form; `1` is in no form" — of a value that has no keys. It names the forms only.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

const plan = (items: string) => `evalc: 1
benchmark: { id: cp, version: 1.0.0 }
agents:
  a: { protocol: mae, transport: local, command: "python3 agent.py" }
tasks:
  t:
    bindings: { default: { input: { task_description: "{{q}}" }, output: { answer: final_answer } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi } } ] }
    metrics:
      - type: checkpoints
        checkpoints:
${items}`;

const FORMS =
  'is one of: a string, { tool, arguments? }, { phrase }, { state, equals }, { candidate, equals }';

async function hints(items: string): Promise<[string, number | undefined, string | undefined][]> {
  const dir = writeFiles({ 'evalc.yaml': plan(items) }, 'evalc-qa125-forms-');
  const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  return result.diagnostics
    .filter((d) => d.code === 'EVALC_METRIC_PARAM')
    .map((d) => [d.message, d.source?.line, d.hint]);
}

describe('a checkpoint that matches none of its forms', () => {
  it('is hinted with the forms, and a guess for a key in none of them', async () => {
    expect(await hints('          - done\n          - { phrse: done }\n')).toEqual([
      [
        'checkpoints: checkpoints.1: Invalid input',
        14,
        `\`phrse\`: did you mean \`phrase\`? (checkpoints.1 ${FORMS})`,
      ],
    ]);
  });

  it('names the forms when two are mixed in one checkpoint', async () => {
    expect(await hints('          - { phrase: done, tool: refund }\n')).toEqual([
      ['checkpoints: checkpoints.0: Invalid input', 13, `checkpoints.0 ${FORMS}`],
    ]);
  });

  it('accepts every form', async () => {
    const items = [
      '          - done',
      '          - { tool: refund, arguments: { amount: 5 } }',
      '          - { tool: refund }',
      '          - { phrase: done }',
      '          - { state: order.status, equals: refunded }',
      '          - { candidate: answer, equals: ok }',
      '',
    ].join('\n');
    expect(await hints(items)).toEqual([]);
  });
});

describe('a checkpoint written as a list', () => {
  it('is hinted with the forms, not with its indices as keys', async () => {
    expect(await hints('          - done\n          - [refund, done]\n')).toEqual([
      ['checkpoints: checkpoints.1: Invalid input', 14, `checkpoints.1 ${FORMS}`],
    ]);
  });

  it('still guesses a key of a mapping in no form', async () => {
    expect(await hints('          - { stat: order.status, equals: refunded }\n')).toEqual([
      [
        'checkpoints: checkpoints.0: Invalid input',
        13,
        `\`stat\`: did you mean \`state\`? (checkpoints.0 ${FORMS})`,
      ],
    ]);
  });
});
