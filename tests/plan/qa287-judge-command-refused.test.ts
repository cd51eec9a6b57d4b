/**
 * QA287: a judge's command the schema refuses (above 120 KiB, a NUL byte) was reported twice, the
 * second time as 'judge aj needs url: (or command: for agent-eval rpc)', beside the command it had.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function diagnosticsFor(judge: string): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa287-'));
  dirs.push(dir);
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: b }
agents:
  a1: { protocol: raip, url: "http://127.0.0.1:9" }
judges:
  aj: ${judge}
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi } } ] } }
    metrics:
      - { type: judge, judge: aj, content: "{{candidate.answer}}" }
`,
  );
  const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  return result.diagnostics.map((d) => `${d.source?.line}:${d.source?.col}:${d.code}: ${d.message}`);
}

describe('a judge command the schema refuses is reported once, at its line', () => {
  it('above 120 KiB', async () => {
    const d = await diagnosticsFor(
      `{ protocol: agent-eval, command: "PAD=${'x'.repeat(130_000)} node judge.mjs", rubric: r }`,
    );
    expect(d).toEqual([
      expect.stringMatching(/^6:40:EVALC_SCHEMA_INVALID: judges\.aj\.command: is 130,019 bytes: /),
    ]);
  });

  it('with a NUL byte', async () => {
    const d = await diagnosticsFor('{ protocol: agent-eval, command: "node judge.mjs\\0x", rubric: r }');
    expect(d).toEqual([
      expect.stringMatching(/^6:40:EVALC_SCHEMA_INVALID: judges\.aj\.command: contains a NUL/),
    ]);
  });

  it('still says a judge with neither needs one', async () => {
    const d = await diagnosticsFor('{ protocol: agent-eval, rubric: r }');
    expect(d).toEqual(['6:7:EVALC_JUDGE_CONFIG: judge aj needs url: (or command: for agent-eval rpc)']);
  });
});
