/**
 * QA143: a RAIP reply document has `raw` only with `run.trace: true` (R12: the provider payload is
 * hidden by default). A binding that reads it (`raw.tool_results`, where raip.md's TaskConfig
 * finds tool results) validated clean with trace off, and every example then failed
 * extraction_failed. Validate now warns, naming run.trace; with trace on it says nothing.
 */
import { describe, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { runCommand } from '../cli/run-cli.js';
import { writeFiles } from './plan-helpers.js';

const plan = (trace: boolean) => `evalc: 1
benchmark: { id: raw, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings:
      default:
        input: { query: "{{q}}" }
        output: { answer: "output.answer", tools: "raw.tool_results[].name" }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi, tools: [search] } } ] }
    metrics:
      - { type: exact_match, candidate: answer, expected: answer }
      - { type: exact_match, id: tools_match, candidate: tools, expected: tools, mode: set }
run: { trace: ${trace} }
`;

async function diagnostics(trace: boolean): Promise<Diagnostic[]> {
  const dir = writeFiles({ 'evalc.yaml': plan(trace) }, 'evalc-qa143-raw-');
  const result = await runCommand(validateCommand, ['evalc.yaml', '--json'], { cwd: dir });
  expect(result.code).toBe(0);
  return (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
}

describe('a raip binding that reads raw (QA143)', () => {
  it('warns with trace off, naming run.trace', async () => {
    const found = await diagnostics(false);
    expect(found.map((d) => [d.code, d.severity, d.path.join('.'), d.source?.line])).toEqual([
      ['EVALC_BIND_FIELD', 'warning', 'tasks.t.bindings.default.output.tools', 10],
    ]);
    expect(found[0]!.message).toContain('`raw` only with run.trace: true');
  });

  it('says nothing with trace on', async () => {
    expect(await diagnostics(true)).toEqual([]);
  });
});
