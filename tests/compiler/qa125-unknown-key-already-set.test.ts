/**
 * QA125 (review of QA121's 9813b53 and 981b091): the "did you mean" of an unknown key offered the
 * key it is closest to even when that key is set beside it already — `rsp` beside `rps: 50` read
 * "did you mean `rps`?", `ouput` beside `output: 2` "did you mean `output`?", a rename that would
 * set the key twice — in the plan's mappings, a metric's parameters and a checkpoint alike. The
 * hint now says the key is set already (a misspelt copy to remove); an unset key as close is
 * still offered.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

const plan = `evalc: 1
benchmark: { id: dup, version: 1.0.0 }
agents:
  a:
    protocol: mae
    transport: local
    command: "python3 agent.py"
    limits: { timeout: 30s, timout: 5s }
prices:
  m1: { input: 1, output: 2, ouput: 3 }
tasks:
  t:
    bindings: { default: { input: { task_description: "{{q}}" }, output: { answer: final_answer } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }
    metrics:
      - { type: exact_match, mode: set, mod: set }
      - type: checkpoints
        checkpoints:
          - { tool: refund, arguments: { amount: 5 }, argument: { amount: 6 } }
      - { type: cost, model: m1, modle: m2 }
run: { repeats: 2, seed: 7, sed: 8 }
`;

describe('an unknown key beside the key it is closest to', () => {
  it('says that key is set already, never "did you mean" it', async () => {
    const dir = writeFiles({ 'evalc.yaml': plan }, 'evalc-qa125-dup-key-');
    const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
    const found = result.diagnostics
      .filter((x) => x.code === 'EVALC_SCHEMA_UNKNOWN_KEY')
      .map((d) => [d.message, d.hint]);
    const set = (key: string, typo: string) =>
      `\`${key}\` is set already beside it: remove \`${typo}\` (a misspelt copy?)`;
    expect(found).toEqual(
      expect.arrayContaining([
        ['unknown key `timout` in agents.a.limits', set('timeout', 'timout')],
        ['unknown key `ouput` in prices.m1', set('output', 'ouput')],
        ['unknown key `sed` in run', set('seed', 'sed')],
      ]),
    );
    expect(found.length).toBe(3);
    expect(found.every(([, hint]) => !/did you mean/.test(String(hint)))).toBe(true);
  });

  it("says so in a metric's parameters and a checkpoint too", async () => {
    const text = plan
      .replace(/ {4}limits: .*\n/, '')
      .replace(/, ouput: 3/, '')
      .replace(', sed: 8', '');
    const dir = writeFiles({ 'evalc.yaml': text }, 'evalc-qa125-dup-param-');
    const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
    const found = result.diagnostics
      .filter((x) => x.code === 'EVALC_METRIC_PARAM_UNKNOWN')
      .map((d) => [d.message, d.hint]);
    expect(found).toEqual([
      ['exact_match: unknown key `mod`', '`mode` is set already beside it: remove `mod` (a misspelt copy?)'],
      [
        'checkpoints: unknown key `checkpoints.0.argument`',
        '`arguments` is set already beside it: remove `argument` (a misspelt copy?) (checkpoints.0 takes: `tool`, `arguments`)',
      ],
      ['cost: unknown key `modle`', '`model` is set already beside it: remove `modle` (a misspelt copy?)'],
    ]);
  });

  it('still offers a key not yet set', async () => {
    const text = plan
      .replace('timeout: 30s, timout: 5s', 'timout: 5s')
      .replace('input: 1, output: 2, ouput: 3', 'input: 1, ouput: 3')
      .replace('mode: set, mod: set', 'mod: set');
    const dir = writeFiles({ 'evalc.yaml': text }, 'evalc-qa125-unset-');
    const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
    const hints = result.diagnostics.map((d) => d.hint);
    expect(hints).toEqual(
      expect.arrayContaining(['did you mean `timeout`?', 'did you mean `output`?', 'did you mean `mode`?']),
    );
  });

  it('tells a misspelt key holding entries the key beside it lacks to move them, not remove it (QA179)', async () => {
    // "remove `agnets` (a misspelt copy?)": removed as told, agent a2, dataset d2 and the
    // concurrency left the plan without a word. One that holds nothing new still reads as a copy.
    const text = `evalc: 1
benchmark: { id: moved }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101, limits: { timeout: 30s }, limts: { concurrency: 2 } }
agnets:
  a2: { protocol: raip, url: http://127.0.0.1:7102 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.a } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi } } ] }
    datsets:
      d: { examples: [ { id: e1, vars: { q: hi } } ] }
      d2: { examples: [ { id: e2, vars: { q: ho } } ] }
    metrics: [ { type: pass_rate } ]
    metrcs: [ { type: pass_rate } ]
`;
    const dir = writeFiles({ 'evalc.yaml': text }, 'evalc-qa179-moved-');
    const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
    expect(
      result.diagnostics.filter((d) => d.code === 'EVALC_SCHEMA_UNKNOWN_KEY').map((d) => [d.message, d.hint]),
    ).toEqual([
      [
        'unknown key `limts` in agents.a1',
        '`limits` is set already beside it: move what `limts` holds (concurrency) under `limits`, or remove `limts` if it is a misspelt copy',
      ],
      [
        'unknown key `agnets`',
        '`agents` is set already beside it: move what `agnets` holds (a2) under `agents`, or remove `agnets` if it is a misspelt copy',
      ],
      [
        'unknown key `datsets` in tasks.t',
        '`datasets` is set already beside it: move what `datsets` holds (d2) under `datasets`, or remove `datsets` if it is a misspelt copy',
      ],
      [
        'unknown key `metrcs` in tasks.t',
        '`metrics` is set already beside it: remove `metrcs` (a misspelt copy?)',
      ],
    ]);
  });

  it('tells one that sets an entry otherwise to keep one, and a reordered copy to go (QA187)', async () => {
    // `agnets: { a1: <another url> }` by `agents: { a1 }` read "remove `agnets` (a misspelt copy?)":
    // removed as told, the a1 it set was gone without a word (a scalar set otherwise still reads as a copy: QA125). A metric written with its keys in
    // another order is a copy: told to move, moved it read "metric `exact_match` appears twice".
    const text = `evalc: 1
benchmark: { id: otherwise }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
agnets:
  a1: { url: http://127.0.0.1:7101, protocol: raip }
  a0: { protocol: raip, url: http://127.0.0.1:7100 }
agnts:
  a1: { protocol: raip, url: http://127.0.0.1:7109 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.a } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi } } ] }
    metrics: [ { type: exact_match, candidate: answer, expected: answer } ]
    metrcs: [ { expected: answer, candidate: answer, type: exact_match } ]
`;
    const dir = writeFiles({ 'evalc.yaml': text }, 'evalc-qa187-otherwise-');
    const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
    expect(
      result.diagnostics.filter((d) => d.code === 'EVALC_SCHEMA_UNKNOWN_KEY').map((d) => [d.message, d.hint]),
    ).toEqual([
      [
        'unknown key `agnets`',
        '`agents` is set already beside it: move what `agnets` holds (a0) under `agents`, or remove `agnets` if it is a misspelt copy',
      ],
      [
        'unknown key `agnts`',
        '`agents` is set already beside it: move what `agnts` holds (a1) under `agents` (a1 is under both, set otherwise: keep the one you mean), or remove `agnts` if it is a misspelt copy',
      ],
      [
        'unknown key `metrcs` in tasks.t',
        '`metrics` is set already beside it: remove `metrcs` (a misspelt copy?)',
      ],
    ]);
  });

  it('tells a list item named as one beside it to keep one or take its own id (QA191)', async () => {
    // `metrcs: [{ type: exact_match, expected: b }]` by `metrics: [{ type: exact_match, expected: a }]`
    // read 'move what `metrcs` holds (1 item) under `metrics`': moved, 'metric `exact_match` appears twice'.
    const text = `evalc: 1
benchmark: { id: items }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.a } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { a: x, b: y } } ] }
    metrics: [ { type: exact_match, expected: a }, { type: contains, id: c1, expected: a } ]
    metrcs: [ { type: exact_match, expected: b }, { type: contains, expected: b }, { type: f1, id: c1, expected: b } ]
`;
    const dir = writeFiles({ 'evalc.yaml': text }, 'evalc-qa191-items-');
    const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
    expect(
      result.diagnostics.filter((d) => d.code === 'EVALC_SCHEMA_UNKNOWN_KEY').map((d) => [d.message, d.hint]),
    ).toEqual([
      [
        'unknown key `metrcs` in tasks.t',
        '`metrics` is set already beside it: move what `metrcs` holds (3 items) under `metrics` (exact_match, c1 are in both, set otherwise: keep the one you mean, or give one its own `id:`), or remove `metrcs` if it is a misspelt copy',
      ],
    ]);
  });

  it('tells a misspelt key beside one left empty to move what it holds (QA191)', async () => {
    // `metrics:` with nothing after it by `metrcs: [...]` read 'remove `metrcs` (a misspelt copy?)':
    // removed as told, the metrics were gone. QA196: it read '`metrics` is set already beside it: …,
    // or remove `metrcs` if it is a misspelt copy', the same way out; an empty list is empty too.
    const text = `evalc: 1
benchmark: { id: empty }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.a } } }
    datasets:
    datsets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { a: x } } ] }
    metrics: []
    metrcs: [ { type: exact_match, expected: a } ]
`;
    const dir = writeFiles({ 'evalc.yaml': text }, 'evalc-qa191-empty-');
    const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
    expect(
      result.diagnostics.filter((d) => d.code === 'EVALC_SCHEMA_UNKNOWN_KEY').map((d) => [d.message, d.hint]),
    ).toEqual([
      [
        'unknown key `datsets` in tasks.t',
        '`datasets` beside it is empty: move what `datsets` holds (d) under `datasets`',
      ],
      [
        'unknown key `metrcs` in tasks.t',
        '`metrics` beside it is empty: move what `metrcs` holds (1 item) under `metrics`',
      ],
    ]);
  });

  it('names the items to move when some of a list are copies of those beside it (QA196)', async () => {
    // `metrcs: [<a copy of metrics' item>, { type: contains }]` read 'move what `metrcs` holds
    // (1 item) under `metrics`': both moved, it read 'metric `exact_match` appears twice'.
    const text = `evalc: 1
benchmark: { id: partial }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.a } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { a: x } } ] }
    metrics: [ { type: exact_match, expected: a } ]
    metrcs: [ { type: exact_match, expected: a }, { type: contains, expected: a } ]
`;
    const dir = writeFiles({ 'evalc.yaml': text }, 'evalc-qa196-partial-');
    const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
    expect(
      result.diagnostics.filter((d) => d.code === 'EVALC_SCHEMA_UNKNOWN_KEY').map((d) => [d.message, d.hint]),
    ).toEqual([
      [
        'unknown key `metrcs` in tasks.t',
        '`metrics` is set already beside it: move item 2 of `metrcs` (the rest is in `metrics` already) under `metrics`, or remove `metrcs` if it is a misspelt copy',
      ],
    ]);
  });
});
