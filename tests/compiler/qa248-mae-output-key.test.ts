/**
 * QA248: an mae reply document carries `output: { answer }` for extraction from QA248 on. An
 * extraction an earlier evalc cached (`output.answer`: extraction_failed) must not be reused, so
 * an mae binding that may read `output` (names it, or uses the document whole) is keyed apart;
 * every other mae binding (`final_answer`, pipelines/course-advisor's) keeps its outputs digest,
 * so its cache and lock stay as they were. `output` is the last reply's fields with `answer` (its
 * final answer): DESIGN's `output.courses[].code` reads a final reply's `courses`, and validate
 * does not warn of it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compileExtraction, JMESPATH_LIBRARY } from '../../src/binding/extract.js';
import { validateCommand } from '../../src/cli/validate.js';
import { digestOf } from '../../src/compiler/content-key.js';
import { loadPlan } from '../../src/compiler/load-plan.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { withMaeOutput } from '../../src/protocols/mae/output-answer.js';
import { runCommand } from '../cli/run-cli.js';
import { writeFiles } from './plan-helpers.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function planYaml(output: string, protocol = 'mae'): string {
  const agent =
    protocol === 'mae'
      ? '{ protocol: mae, transport: local, command: "node agent.mjs" }'
      : '{ protocol: raip, url: "http://127.0.0.1:9" }';
  return `evalc: 1
benchmark: { id: b }
agents: { a3: ${agent} }
tasks:
  t:
    bindings:
      default:
        input: { query: "{{q}}" }
        output: ${output}
    datasets: { d: { examples: [ { id: e1, vars: { q: x }, expected: { answer: A } } ] } }
    metrics: [ { type: exact_match, candidate: answer, expected: answer } ]
`;
}

async function outputDigestOf(output: string, protocol = 'mae'): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa248-key-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'evalc.yaml'), planYaml(output, protocol));
  const loaded = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  if (!loaded.resolved) throw new Error(loaded.diagnostics.map((d) => d.message).join('\n'));
  return loaded.resolved.groups[0]!.outputDigest;
}

const plain = (output: Record<string, string>) => digestOf({ output, library: JMESPATH_LIBRARY });

describe('an mae group extract key and the output field', () => {
  it('keeps the outputs digest of an mae binding that does not read output', async () => {
    expect(await outputDigestOf('{ answer: final_answer }')).toBe(plain({ answer: 'final_answer' }));
    const course = {
      answer: 'final_answer',
      codes: 'actions[-1].courses[].code',
      tools: 'tool_calls[].name',
    };
    expect(await outputDigestOf(JSON.stringify(course))).toBe(plain(course));
    // `output` of an element, not of the document.
    expect(await outputDigestOf('{ answer: "actions[].output | [0]" }')).toBe(
      plain({ answer: 'actions[].output | [0]' }),
    );
  });

  it('keys apart an mae binding that reads output, or the whole document', async () => {
    for (const expression of ['output.answer', 'length(output)', "join(',', keys(@))", '@', '*']) {
      const output = { answer: expression };
      expect(await outputDigestOf(JSON.stringify(output)), expression).not.toBe(plain(output));
    }
  });

  it('keeps the digest of output.answer on a raip agent', async () => {
    expect(await outputDigestOf('{ answer: output.answer }', 'raip')).toBe(
      plain({ answer: 'output.answer' }),
    );
  });

  it("does not warn of DESIGN's output.answer or output.courses[].code on an mae agent", async () => {
    const dir = writeFiles(
      { 'evalc.yaml': planYaml('{ answer: "output.answer", codes: "output.courses[].code" }') },
      'evalc-qa248-fields-',
    );
    dirs.push(dir);
    const result = await runCommand(validateCommand, ['evalc.yaml', '--json'], { cwd: dir });
    const found = (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics.filter(
      (d) => d.code === 'EVALC_BIND_FIELD',
    );
    expect(found).toEqual([]);
  });

  it("reads the last reply's fields under output, its answer the final answer", () => {
    const reply = { action: 'final_answer', summary: 'Take CS229.', courses: [{ code: 'CS229' }] };
    const document = {
      final_answer: 'Take CS229.',
      status: 'success',
      actions: [{ action: 'call_tool', tool_name: 'search' }, reply],
    };
    const read = withMaeOutput(document) as { output: Record<string, unknown> };
    expect(read.output).toEqual({ ...reply, answer: 'Take CS229.' });
    const compiled = compileExtraction({ answer: 'output.answer', codes: 'output.courses[].code' });
    if (!compiled.ok) throw new Error('the binding compiles');
    expect(compiled.extraction.run(read)).toEqual({
      ok: true,
      values: { answer: 'Take CS229.', codes: ['CS229'] },
      missing: [],
    });
    // A final reply without `courses`: null, so an extraction_failed as for any protocol.
    const bare = withMaeOutput({ ...document, actions: [{ action: 'final_answer', summary: 'x' }] });
    expect((bare as { output: unknown }).output).toEqual({
      action: 'final_answer',
      summary: 'x',
      answer: 'Take CS229.',
    });
    // A document with an output of its own is read as it is; no actions: answer alone.
    expect(withMaeOutput({ output: 1 })).toEqual({ output: 1 });
    expect(withMaeOutput({ final_answer: null, actions: [] })).toEqual({
      final_answer: null,
      actions: [],
      output: { answer: null },
    });
  });

  it('keys the reply-output reading apart from the first answer-only one', async () => {
    const output = { answer: 'output.answer' };
    expect(await outputDigestOf(JSON.stringify(output))).toBe(
      digestOf({ output, library: JMESPATH_LIBRARY, document: 'mae-reply-output' }),
    );
  });
});
