/**
 * QA73: a judge's `maxTokens` (max_tokens of each openai judge call) is accepted by validate; an
 * agent-eval judge sends none, so there it warns (as for `temperature`, QA41).
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
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa73-judges-'));
  dirs.push(dir);
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: b }
agents:
  a: { protocol: raip, url: "http://127.0.0.1:9" }
judges:
  j: ${judge}
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] } }
    metrics: [ { type: judge, judge: j, rubric: generic } ]
`,
  );
  const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  return result.diagnostics.map(
    (d) => `${d.severity} ${d.code} ${d.path.join('.')} ${d.source?.line}:${d.source?.col}`,
  );
}

describe('judges.<id>.maxTokens (QA73)', () => {
  it('is taken by an openai judge', async () => {
    expect(
      await diagnosticsFor('{ protocol: openai, url: "http://127.0.0.1:9/v1", model: m, maxTokens: 8192 }'),
    ).toEqual([]);
  });

  it('warns on an agent-eval judge, which sends no max_tokens', async () => {
    expect(
      await diagnosticsFor('{ protocol: agent-eval, url: "http://127.0.0.1:9", maxTokens: 8192 }'),
    ).toEqual(['warning EVALC_JUDGE_MAX_TOKENS judges.j.maxTokens 6:68']);
  });

  it('is a positive integer', async () => {
    const [first] = await diagnosticsFor(
      '{ protocol: openai, url: "http://127.0.0.1:9/v1", model: m, maxTokens: 0 }',
    );
    expect(first).toMatch(/^error \S+ judges\.j\.maxTokens 6:/);
  });
});
