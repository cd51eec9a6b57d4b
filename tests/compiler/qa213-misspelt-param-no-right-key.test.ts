/**
 * QA213 (the case next to 4790f65): a metric's misspelt parameter with no right spelling beside it,
 * tool_call_match's `expectd: [ lookup ]`, read 'did you mean `expected`?': renamed as told, it read
 * 'expected: expected string, received array', no hint. It is told the parameter that takes it, as
 * beside `expected: []`; a value that fits still reads 'did you mean'.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

const plan = (metric: string) => `evalc: 1
benchmark: { id: shape }
agents:
  a1: { protocol: chat, url: http://127.0.0.1:7102/agent/respond }
tasks:
  t:
    bindings: { default: { input: { messages: [ { role: user, content: "{{q}}" } ] }, output: { answer: "messages[-1].content" } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: x } } ] }
    metrics:
      - ${metric}
`;

async function hints(metric: string): Promise<string[]> {
  const dir = writeFiles({ 'evalc.yaml': plan(metric) }, 'evalc-qa213-shape-');
  const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  return result.diagnostics.filter((d) => d.severity === 'error').map((d) => d.hint ?? '');
}

describe("a metric's misspelt parameter with no right spelling beside it", () => {
  it('holding what the one it reads as cannot hold is told the one that takes it', async () => {
    expect(await hints('{ type: tool_call_match, expectd: [ lookup ] }')).toEqual([
      '`expected` cannot hold what `expectd` holds (expected: Dotted path into example.expected holding the expected calls, when calls is not set): move it under `calls` (calls: Expected calls: names or {name, arguments} (default: from expected))',
    ]);
  });

  it('holding what fits still reads did you mean', async () => {
    expect(await hints('{ type: tool_call_match, expectd: tool_calls }')).toEqual([
      'did you mean `expected`?',
    ]);
  });
});
