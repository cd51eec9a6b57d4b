/**
 * One item written where a list goes says to write the list (QA161: `include: shared.yaml` read
 * "include: expected a list, got the string" with no hint).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from '../compiler/plan-helpers.js';

describe('a list written as its one item', () => {
  it('hints the list, at the plan’s include and a task’s agents', async () => {
    const dir = writeFiles({
      'evalc.yaml': `evalc: 1
benchmark: { id: l }
include: shared.yaml
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    agents: a1
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
    datasets: { d: { examples: [ { id: x1, vars: { q: hi } } ] } }
`,
      'shared.yaml': 'metrics: [ { type: pass_rate } ]\n',
    });
    const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
      cwd: dir,
      offline: true,
      cacheDir: path.join(dir, 'c'),
    });
    expect(r.diagnostics.map((d) => `${d.code} ${d.source?.line}:${d.source?.col} | ${d.hint}`)).toEqual([
      'EVALC_SCHEMA_TYPE 3:10 | write a list, even of one item: include: [shared.yaml]',
      'EVALC_SCHEMA_TYPE 8:13 | write a list, even of one item: agents: [a1]',
    ]);
  });
});

describe('a number written as text, or not whole', () => {
  it('hints the number without quotes, and a whole number', async () => {
    const dir = writeFiles({
      'evalc.yaml': `evalc: 1
benchmark: { id: n }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101, limits: { concurrency: "4" } }
run: { concurrency: 1.5, repeats: "2" }
`,
    });
    const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
      cwd: dir,
      offline: true,
      cacheDir: path.join(dir, 'c'),
    });
    expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.hint)).toEqual([
      'write the number without quotes: concurrency: 4',
      'a whole number: concurrency: 2',
      'write the number without quotes: repeats: 2',
    ]);
  });
});

describe('a top-level key kept for its anchor', () => {
  it('says where an anchor goes instead', async () => {
    const dir = writeFiles({
      'evalc.yaml': `evalc: 1
benchmark: { id: x }
x-limits: &lim { concurrency: 4 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101, limits: *lim }
`,
    });
    const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
      cwd: dir,
      offline: true,
      cacheDir: path.join(dir, 'c'),
    });
    expect(
      r.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.message} | ${d.hint}`),
    ).toEqual([
      'unknown key `x-limits` | a plan has no key for values kept for their anchor: set the anchor where the value is first used (limits: &lim { concurrency: 4 }) and write *lim after it, in the same file',
    ]);
  });

  it('says it in an included file too, where the plan file has a key of that name (QA170)', async () => {
    // The included one read "x-limits is defined in more than one file", as if one of the two were
    // right; an included file's misspelt key is still told of the plan file's (the merged plan's hint).
    const dir = writeFiles({
      'evalc.yaml': `evalc: 1
benchmark: { id: x }
include: [shared.yaml]
x-limits: &lim { concurrency: 4 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101, limits: *lim }
`,
      'shared.yaml': `x-limits: &slow { concurrency: 1 }
benchmrk: { id: y }
agents:
  a2: { protocol: raip, url: http://127.0.0.1:7102, limits: *slow }
`,
    });
    const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
      cwd: dir,
      offline: true,
      cacheDir: path.join(dir, 'c'),
    });
    const hint =
      'a plan has no key for values kept for their anchor: set the anchor where the value is first used (limits: &lim { concurrency: 4 }) and write *lim after it, in the same file';
    expect(
      r.diagnostics
        .filter((d) => d.severity === 'error')
        .map(
          (d) =>
            `${path.basename(d.source?.file ?? '')}:${d.source?.line}:${d.source?.col} ${d.message} | ${d.hint}`,
        )
        .sort(),
    ).toEqual([
      `evalc.yaml:4:1 unknown key \`x-limits\` | ${hint}`,
      `shared.yaml:1:1 unknown key \`x-limits\` | ${hint}`,
      'shared.yaml:2:1 unknown key `benchmrk` | `benchmark` is set already in another file of the plan: remove `benchmrk` (a misspelt copy?)',
    ]);
  });
  it('names the included file that sets a top-level key the root file misspelt (QA176)', async () => {
    // It read "`benchmark` is set already beside it", of evalc.yaml, where it is not.
    const dir = writeFiles({
      'shared.yaml': 'benchmark: { id: x }\n',
      'evalc.yaml': `evalc: 1
include: [shared.yaml]
benchmrk: { id: y }
agents:
  a2: { protocol: raip, url: http://127.0.0.1:7102 }
`,
    });
    const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
      cwd: dir,
      offline: true,
      cacheDir: path.join(dir, 'c'),
    });
    expect(r.diagnostics.filter((d) => d.code === 'EVALC_SCHEMA_UNKNOWN_KEY').map((d) => d.hint)).toEqual([
      '`benchmark` is set already in shared.yaml:1:1: remove `benchmrk` (a misspelt copy?)',
    ]);
  });
  it('tells a misspelt section that files merge to be renamed, not removed (QA179)', async () => {
    // "`agents` is set already beside it: remove `agnets` (a misspelt copy?)": removed as told, agent
    // a2 left the plan without a word (agents merge by id, metrics and gates are concatenated).
    const hints = async (files: Record<string, string>) => {
      const dir = writeFiles(files);
      const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
        cwd: dir,
        offline: true,
        cacheDir: path.join(dir, 'c'),
      });
      return r.diagnostics
        .filter((d) => d.code === 'EVALC_SCHEMA_UNKNOWN_KEY')
        .map((d) => `${path.basename(d.source?.file ?? '')}: ${d.hint}`);
    };
    expect(
      await hints({
        'shared.yaml':
          'benchmark: { id: x }\nmetrics: [ { type: pass_rate } ]\nagents:\n  a1: { protocol: raip, url: http://127.0.0.1:7101 }\n',
        'evalc.yaml': `evalc: 1
include: [shared.yaml]
metrcs: [ { type: pass_rate } ]
agnets:
  a2: { protocol: raip, url: http://127.0.0.1:7102 }
`,
      }),
    ).toEqual([
      'evalc.yaml: did you mean `metrics`? (each file of the plan may set `metrics:`; they are merged)',
      'evalc.yaml: did you mean `agents`? (each file of the plan may set `agents:`; they are merged)',
    ]);
    expect(
      await hints({
        'shared.yaml':
          'metrcs: [ { type: pass_rate } ]\nagnets:\n  a1: { protocol: raip, url: http://127.0.0.1:7101 }\n',
        'evalc.yaml': `evalc: 1
benchmark: { id: x }
include: [shared.yaml]
metrics: [ { type: pass_rate } ]
agents:
  a2: { protocol: raip, url: http://127.0.0.1:7102 }
`,
      }),
    ).toEqual([
      'shared.yaml: did you mean `metrics`? (each file of the plan may set `metrics:`; they are merged)',
      'shared.yaml: did you mean `agents`? (each file of the plan may set `agents:`; they are merged)',
    ]);
  });
});
