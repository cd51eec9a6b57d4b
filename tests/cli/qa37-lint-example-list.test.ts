/**
 * QA37: `evalc lint`'s text output appends a finding's examples when its message does not list
 * them; past five it cut the list without a word (six examples of weight 0 were "(a, b, c, d, e)").
 */
import { describe, expect, it } from 'vitest';
import { lintCommand } from '../../src/cli/lint.js';
import { writeFiles } from '../compiler/plan-helpers.js';
import { runCommand } from './run-cli.js';

const PLAN = `evalc: 1
benchmark: { id: lint }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings: { default: { input: { query: "{{q}}" }, output: { answer: "output.answer" } } }
    datasets:
      d: { source: d.jsonl }
    metrics: [ { type: exact_match } ]
`;

const lines = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    JSON.stringify({ id: `e${i + 1}`, vars: { q: `q${i}` }, expected: { answer: 'x' }, weight: 0 }),
  ).join('\n');

describe('evalc lint example lists', () => {
  it('says how many examples there are when it shows five of them', async () => {
    const dir = writeFiles({ 'evalc.yaml': PLAN, 'd.jsonl': `${lines(6)}\n` }, 'evalc-qa37-lint-');
    const result = await runCommand(lintCommand, [], { cwd: dir });
    expect(result.stdout).toContain('counts for nothing above it (e1, e2, e3, e4, e5, … 6 in all)\n');
  });

  it('lists five or fewer as they are', async () => {
    const dir = writeFiles({ 'evalc.yaml': PLAN, 'd.jsonl': `${lines(5)}\n` }, 'evalc-qa37-lint-');
    const result = await runCommand(lintCommand, [], { cwd: dir });
    expect(result.stdout).toContain('counts for nothing above it (e1, e2, e3, e4, e5)\n');
  });
});
