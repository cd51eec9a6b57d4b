/**
 * QA206: two misspelt keys beside the key they both read as (`metircs:` and `metrcs:` by `metrics:`)
 * were each told to move an item both hold: moved as told, it read 'metric `exact_match` appears
 * twice'. The later one names what the earlier one moves too, to move once; an agent under both set
 * otherwise is named so.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

const plan = (agents: string, metrics: string) => `evalc: 1
benchmark: { id: twice }
agents:
  a0: { protocol: raip, url: http://127.0.0.1:7100 }
${agents}tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.a } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { a: x } } ] }
    metrics: [ { type: contains, expected: a } ]
${metrics}`;

async function load(text: string) {
  const dir = writeFiles({ 'evalc.yaml': text }, 'evalc-qa206-twice-');
  return loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
}

describe('two misspelt keys beside the key they read as', () => {
  it('name an item both would move, to move once, and moved so the plan validates', async () => {
    const em = '{ type: exact_match, expected: a }';
    const r = await load(
      plan('', `    metircs: [ ${em} ]\n    metrcs: [ { type: contains, expected: a }, ${em} ]\n`),
    );
    expect(r.diagnostics.map((d) => d.hint)).toEqual([
      '`metrics` is set already beside it: move what `metircs` holds (1 item) under `metrics`, or remove `metircs` if it is a misspelt copy',
      '`metrics` is set already beside it: move item 2 of `metrcs` (the rest is in `metrics` already) under `metrics`, or remove `metrcs` if it is a misspelt copy (item 2 is in `metircs` too: move it once)',
    ]);
    const moved = await load(plan('', '').replace('expected: a } ]', `expected: a }, ${em} ]`));
    expect(moved.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('name an agent under both set otherwise', async () => {
    const r = await load(
      plan(
        'agnets:\n  a1: { protocol: raip, url: http://127.0.0.1:7101 }\nagenst:\n  a1: { protocol: raip, url: http://127.0.0.1:7109 }\n',
        '',
      ),
    );
    expect(r.diagnostics.map((d) => d.hint)).toEqual([
      '`agents` is set already beside it: move what `agnets` holds (a1) under `agents`, or remove `agnets` if it is a misspelt copy',
      '`agents` is set already beside it: move what `agenst` holds (a1) under `agents`, or remove `agenst` if it is a misspelt copy (a1 is in `agnets` too, set otherwise: keep the one you mean)',
    ]);
  });
});
