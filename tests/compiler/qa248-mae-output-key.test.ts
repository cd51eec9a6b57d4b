/**
 * QA248: an mae reply document carries `output: { answer }` for extraction from QA248 on. An
 * extraction an earlier evalc cached (`output.answer`: extraction_failed) must not be reused, so
 * an mae binding that may read `output` (names it, or uses the document whole) is keyed apart;
 * every other mae binding (`final_answer`, pipelines/course-advisor's) keeps its outputs digest,
 * so its cache and lock stay as they were. And validate warns for DESIGN's `output.courses[].code`
 * on an mae agent, which `output` (only `answer`) never has.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { JMESPATH_LIBRARY } from '../../src/binding/extract.js';
import { validateCommand } from '../../src/cli/validate.js';
import { digestOf } from '../../src/compiler/content-key.js';
import { loadPlan } from '../../src/compiler/load-plan.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
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

  it("warns for DESIGN's output.courses[].code on an mae agent, not for output.answer", async () => {
    const dir = writeFiles(
      { 'evalc.yaml': planYaml('{ answer: "output.answer", codes: "output.courses[].code" }') },
      'evalc-qa248-fields-',
    );
    dirs.push(dir);
    const result = await runCommand(validateCommand, ['evalc.yaml', '--json'], { cwd: dir });
    const found = (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics.filter(
      (d) => d.code === 'EVALC_BIND_FIELD',
    );
    expect(found.map((d) => [d.path.join('.'), d.message])).toEqual([
      [
        'tasks.t.bindings.default.output.codes',
        "agent `a3` (mae): a reply's `output` has only `answer` (its final answer), no `courses`: `codes` would fail to extract for every example",
      ],
    ]);
  });
});
