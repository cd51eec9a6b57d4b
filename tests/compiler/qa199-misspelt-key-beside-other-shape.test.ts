/**
 * QA199 (review of QA196's d3cdcb6 and d1427be): a misspelt key holding entries beside its right
 * spelling left empty in the other shape (`agents: []` by `agnets: { a1: … }`, `metrics: {}` by
 * `metrcs: [ … ]`) read 'remove `agnets` (a misspelt copy?)', and removed as told, the agent or the
 * metrics were gone; and one list item written twice as an alias (`- *m`) was named 'items 2, 2'.
 * A metric's parameters were told 'remove `checkponts` (a misspelt copy?)' beside any `checkpoints:`.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

async function unknownKeys(text: string): Promise<string[][]> {
  const dir = writeFiles({ 'evalc.yaml': text }, 'evalc-qa199-shape-');
  const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  return result.diagnostics
    .filter((d) => d.code === 'EVALC_SCHEMA_UNKNOWN_KEY' || d.code === 'EVALC_METRIC_PARAM_UNKNOWN')
    .map((d) => [d.message, d.hint ?? '']);
}

const task = `tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.a } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { a: x } } ] }
`;

describe('a misspelt key beside its right spelling', () => {
  it('left empty in the other shape is told to move what it holds', async () => {
    expect(
      await unknownKeys(`evalc: 1
benchmark: { id: shape }
agents: []
agnets:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
${task}    metrics: {}
    metrcs: [ { type: contains, expected: a } ]
`),
    ).toEqual([
      ['unknown key `agnets`', '`agents` beside it is empty: move what `agnets` holds (a1) under `agents`'],
      [
        'unknown key `metrcs` in tasks.t',
        '`metrics` beside it is empty: move what `metrcs` holds (1 item) under `metrics`',
      ],
    ]);
  });

  it('names each place of an aliased item to move', async () => {
    expect(
      await unknownKeys(`evalc: 1
benchmark: { id: alias }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
${task}    metrics: [ { type: exact_match, expected: a } ]
    metrcs: [ { type: exact_match, expected: a }, &m { type: contains, expected: a }, *m ]
`),
    ).toEqual([
      [
        'unknown key `metrcs` in tasks.t',
        '`metrics` is set already beside it: move items 2, 3 of `metrcs` (the rest is in `metrics` already) under `metrics`, or remove `metrcs` if it is a misspelt copy',
      ],
    ]);
  });

  it("in a metric's parameters is told to move what it holds too", async () => {
    expect(
      await unknownKeys(`evalc: 1
benchmark: { id: params }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
${task}    metrics:
      - { type: checkpoints, checkpoints: [], checkponts: [ { tool: refund } ] }
      - { type: checkpoints, id: c2, checkpoints: [ r ], checkponts: [ r, s ] }
`),
    ).toEqual([
      [
        'checkpoints: unknown key `checkponts`',
        '`checkpoints` beside it is empty: move what `checkponts` holds (1 item) under `checkpoints`',
      ],
      [
        'checkpoints: unknown key `checkponts`',
        '`checkpoints` is set already beside it: move item 2 of `checkponts` (the rest is in `checkpoints` already) under `checkpoints`, or remove `checkponts` if it is a misspelt copy',
      ],
    ]);
  });
});
