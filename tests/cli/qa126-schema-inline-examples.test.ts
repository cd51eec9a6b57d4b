/**
 * QA126: the plan JSON Schema typed a dataset's inline `examples:` as a list of anything
 * (`items: {}`), so an editor pointed at schemas/evalc.schema.json accepted an inline example
 * without an `id`, with `vars` as a list, a negative `weight` or `turns` as one string, all of which
 * `evalc validate` refuses (EVALC_EXAMPLE_INVALID). Each item is now the example's own schema (its
 * keys typed, other keys allowed: a row may hold `category`, `notes`, …).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { validateCommand } from '../../src/cli/validate.js';
import { planJsonSchema } from '../../src/compiler/plan-json-schema.js';
import { runCommand } from './run-cli.js';

const validate = new Ajv2020({ strict: true, allErrors: true }).compile(planJsonSchema());

function planWith(examples: unknown[]): Record<string, unknown> {
  return {
    evalc: 1,
    benchmark: { id: 'b' },
    agents: { a1: { protocol: 'raip', url: 'http://127.0.0.1:7101' } },
    tasks: {
      t: {
        bindings: { default: { input: { query: '{{q}}' }, output: { answer: 'output.answer' } } },
        datasets: { inline: { examples } },
        metrics: [{ type: 'exact_match', candidate: 'answer', expected: 'answer' }],
      },
    },
  };
}

async function evalcValidate(plan: Record<string, unknown>): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), 'qa126-inline-'));
  try {
    writeFileSync(path.join(dir, 'evalc.yaml'), stringify(plan));
    return (await runCommand(validateCommand, [], { cwd: dir })).code;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const GOOD = [
  { id: 'e1', vars: { q: 'a' }, expected: { answer: 'A' } },
  { id: 2, vars: { q: 'b' }, expected: { answer: 'B' }, weight: 0, category: 'extra key', notes: 'kept' },
  { id: 'e3', vars: { q: 'c' }, turns: ['hi', 'bye'], tags: ['x'], human: 'ok', human_score: 0.5 },
];

const BAD: Record<string, unknown> = {
  'no id': { vars: { q: 'a' } },
  'vars as a list': { id: 'e1', vars: ['a'] },
  'a negative weight': { id: 'e1', vars: { q: 'a' }, weight: -1 },
  'turns as one string': { id: 'e1', vars: { q: 'a' }, turns: 'hi' },
  'an id that is a list': { id: ['e1'], vars: { q: 'a' } },
  'a policy that is no mapping': { id: 'e1', vars: { q: 'a' }, policies: { refund: 5 } },
};

describe('inline examples in the plan JSON Schema (QA126)', () => {
  it('accepts the inline examples evalc validate accepts', async () => {
    const plan = planWith(GOOD);
    expect(validate(plan), JSON.stringify(validate.errors)).toBe(true);
    expect(await evalcValidate(plan)).toBe(0);
  });

  it('refuses the inline examples evalc validate refuses', async () => {
    for (const [what, example] of Object.entries(BAD)) {
      const plan = planWith([GOOD[0], example]);
      expect(await evalcValidate(plan), what).toBe(65);
      expect(validate(parse(stringify(plan))), what).toBe(false);
    }
  });
});
