/**
 * QA199: two misspelt keys beside each other that read as the same key (`agnets:` and `agenst:`)
 * were each told "did you mean `agents`?": renamed as told, the mapping wrote `agents` twice, and
 * the duplicate's hint 'keep one `agents`' dropped the other's agents. Each now names the other.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

const text = `evalc: 1
benchmark: { id: twice }
agnets:
  a1: { protocol: raip, url: http://127.0.0.1:7101, limits: { timout: 5s, timeot: 6s } }
agenst:
  a2: { protocol: raip, url: http://127.0.0.1:7102 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.a } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { a: x } } ] }
    metrics: [ { type: contains, expected: a } ]
run: { repeats: 1, sede: 7 }
`;

describe('two misspelt keys that read as one', () => {
  it('each names the other, and to put what both hold under one key', async () => {
    const dir = writeFiles({ 'evalc.yaml': text }, 'evalc-qa199-twice-');
    const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
    expect(
      result.diagnostics.filter((d) => d.code === 'EVALC_SCHEMA_UNKNOWN_KEY').map((d) => [d.message, d.hint]),
    ).toEqual([
      [
        'unknown key `agnets`',
        'did you mean `agents`? (`agenst` beside it reads as `agents` too: put what both hold under one `agents`)',
      ],
      [
        'unknown key `agenst`',
        'did you mean `agents`? (`agnets` beside it reads as `agents` too: put what both hold under one `agents`)',
      ],
      ['unknown key `sede` in run', 'did you mean `seed`?'],
    ]);
  });

  it('tells scalars to keep one', async () => {
    const dir = writeFiles(
      { 'evalc.yaml': text.replace('agnets:', 'agents:').replace('agenst:\n', '') },
      'evalc-qa199-twice-',
    );
    const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
    expect(
      result.diagnostics
        .filter((d) => d.code === 'EVALC_SCHEMA_UNKNOWN_KEY' && d.message.includes('limits'))
        .map((d) => d.hint),
    ).toEqual([
      'did you mean `timeout`? (`timeot` beside it reads as `timeout` too: keep one)',
      'did you mean `timeout`? (`timout` beside it reads as `timeout` too: keep one)',
    ]);
  });

  it("says so of a metric's parameters too", async () => {
    const plan = text
      .replace('agnets:', 'agents:')
      .replace('agenst:\n', '')
      .replace(
        '[ { type: contains, expected: a } ]',
        '[ { type: checkpoints, checkponts: [ r ], chekpoints: [ s ] } ]',
      );
    const dir = writeFiles({ 'evalc.yaml': plan }, 'evalc-qa199-twice-');
    const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
    expect(
      result.diagnostics.filter((d) => d.code === 'EVALC_METRIC_PARAM_UNKNOWN').map((d) => d.hint),
    ).toEqual([
      'did you mean `checkpoints`? (`chekpoints` beside it reads as `checkpoints` too: put what both hold under one `checkpoints`)',
      'did you mean `checkpoints`? (`checkponts` beside it reads as `checkpoints` too: put what both hold under one `checkpoints`)',
    ]);
  });
});
