/**
 * QA159: validate's warning about a raip binding reading `raw` without run.trace (QA143) read only
 * the expression's first word, so `length(raw)`, `output.a || raw.b` or `[raw.x, output.y]` validated
 * clean and read null in every example. The fields an expression reads from the reply now come from
 * its parsed AST: any function argument or branch counts; a field of each item of a projection
 * (`output.items[].raw`) or of an expression reference (`sort_by(…, &raw)`) does not.
 */
import { compile } from '@jmespath-community/jmespath';
import { describe, expect, it } from 'vitest';
import { rootFields } from '../../src/binding/root-fields.js';
import { validateCommand } from '../../src/cli/validate.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { runCommand } from '../cli/run-cli.js';
import { writeFiles } from './plan-helpers.js';

const READS_RAW = [
  'length(raw)',
  'output.answer || raw.text',
  '[raw.x, output.y]',
  '{a: raw}',
  'not_null(output.a, raw.b)',
  'output.items[?id == $.raw.id]',
  'let $doc = @ in $doc.raw',
  'to_string(raw) | length(@)',
];
const READS_NO_RAW = [
  'output.items[].raw',
  'sort_by(output.items, &raw)',
  'output[?raw]',
  'output.raw',
  "'raw'",
];

async function warnings(expression: string, protocol = 'raip'): Promise<Diagnostic[]> {
  const plan = `evalc: 1
benchmark: { id: raw, version: 1.0.0 }
agents:
  a1: { protocol: ${protocol}, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings:
      default:
        input: { query: "{{q}}" }
        output: { answer: ${JSON.stringify(expression)} }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }
    metrics:
      - { type: exact_match, candidate: answer, expected: answer }
`;
  const dir = writeFiles({ 'evalc.yaml': plan }, 'evalc-qa159-raw-');
  const result = await runCommand(validateCommand, ['evalc.yaml', '--json'], { cwd: dir });
  expect(result.code).toBe(0);
  return (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
}

describe('the reply fields a binding expression reads (QA159)', () => {
  it.each(READS_RAW)('warns about raw without run.trace in %s', async (expression) => {
    const found = await warnings(expression);
    expect(found.map((d) => [d.code, d.path.join('.')])).toEqual([
      ['EVALC_BIND_FIELD', 'tasks.t.bindings.default.output.answer'],
    ]);
    expect(found[0]!.message).toContain('`raw` only with run.trace: true');
    expect(found[0]!.message).toContain('`answer` reads it as null for every example');
  });

  it.each(READS_NO_RAW)('says nothing of %s (raw is not a field of the reply there)', async (expression) => {
    expect(await warnings(expression)).toEqual([]);
  });

  it('names a field the protocol never has wherever the expression reads it', async () => {
    const found = await warnings('length(messages) || ouput.answer', 'chat');
    expect(found.filter((d) => d.code === 'EVALC_BIND_FIELD').map((d) => d.message)).toEqual([
      'agent `a1` (chat) replies have no `ouput`: `answer` reads it as null for every example',
    ]);
  });

  it('lists the fields read from the document, once each, in order', () => {
    expect(rootFields(compile('[raw.x, output.y, length(raw), output.items[].usage]'))).toEqual([
      'raw',
      'output',
    ]);
    expect(rootFields(compile('map(&raw, output.items)'))).toEqual(['output']);
    expect(rootFields(compile('`{"type": "Field", "name": "raw"}`'))).toEqual([]);
  });
});
