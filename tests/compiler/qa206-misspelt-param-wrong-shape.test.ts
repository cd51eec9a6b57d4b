/**
 * QA206 (QA199's leftover): tool_call_match's `expectd: [ lookup ]` beside `expected: []` was told
 * '`expected` beside it is empty: move what `expectd` holds (1 item) under `expected`', a parameter
 * that takes a text (the path of the expected calls in an example): moved as told, it read
 * 'expected: Invalid input: expected string, received array'. It is told the parameter that takes a
 * list of calls, `calls`, and moved there the metric validates; one that fits is still told to move.
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

async function errors(metric: string): Promise<string[][]> {
  const dir = writeFiles({ 'evalc.yaml': plan(metric) }, 'evalc-qa206-shape-');
  const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  return result.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.message, d.hint ?? '']);
}

describe("a metric's misspelt parameter the one it meant cannot hold", () => {
  it('is told the parameter that takes it, and moved there the metric validates', async () => {
    expect(await errors('{ type: tool_call_match, expected: [], expectd: [ lookup ] }')).toEqual([
      ['tool_call_match: expected: Invalid input: expected string, received array', ''],
      [
        'tool_call_match: unknown key `expectd`',
        '`expected` cannot hold what `expectd` holds (expected: Dotted path into example.expected holding the expected calls, when calls is not set): move it under `calls` (calls: Expected calls: names or {name, arguments} (default: from expected))',
      ],
    ]);
    expect(await errors('{ type: tool_call_match, calls: [ lookup ] }')).toEqual([]);
  });

  it('beside one set already that cannot hold it either', async () => {
    expect(
      await errors('{ type: tool_call_match, expected: tool_calls, calls: [ a ], expectd: [ lookup ] }'),
    ).toEqual([
      [
        'tool_call_match: unknown key `expectd`',
        '`expected` cannot hold what `expectd` holds (expected: Dotted path into example.expected holding the expected calls, when calls is not set): it cannot move there; remove `expectd` if it is a misspelt copy',
      ],
    ]);
  });
});

describe("a metric's misspelt parameter holding one value where a list goes", () => {
  it('is told to write it as the list’s item, not offered a parameter taking a text', async () => {
    expect(await errors('{ type: checkpoints, checkpoints: [], checkponts: refund }')).toEqual([
      [
        'checkpoints: unknown key `checkponts`',
        '`checkpoints` takes a list: move the value of `checkponts` under `checkpoints` as its item, checkpoints: [ … ]',
      ],
    ]);
    expect(await errors('{ type: checkpoints, checkpoints: [ refund ] }')).toEqual([]);
  });
});
