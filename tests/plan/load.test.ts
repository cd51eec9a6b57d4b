/**
 * Loading: includes merge by section with paths relative to the file that names them, every
 * diagnostic points into the file it concerns, and a broken part never hides the rest.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type LoadResult, loadPlan } from '../../src/compiler/load-plan.js';
import { loadPlanFile } from '../../src/plan/load.js';
import { writeFiles } from '../compiler/plan-helpers.js';

const HEAD = `evalc: 1
benchmark: { id: inc, version: 1.0.0 }
`;
const AGENT = `agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
`;
const TASK = (source: string) => `tasks:
  t:
    bindings:
      default:
        input: { q: "{{q}}" }
        output: { a: "output.a" }
    datasets:
      d: { source: ${source} }
`;
const ROWS = '{"id":"x1","vars":{"q":"hello"},"expected":{"a":"hi"}}\n';

async function load(files: Record<string, string>): Promise<LoadResult> {
  const dir = writeFiles(files);
  return loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true, cacheDir: path.join(dir, 'c') });
}
const where = (r: LoadResult) =>
  r.diagnostics.map((d) => [d.code, `${d.source?.file}:${d.source?.line}:${d.source?.col}`]);

describe('includes', () => {
  it('reads a dataset relative to the included file that names it', async () => {
    const r = await load({
      'evalc.yaml': `${HEAD}${AGENT}include: [parts/task.yaml]\n`,
      'parts/task.yaml': TASK('data/rows.jsonl'),
      'parts/data/rows.jsonl': ROWS,
    });
    expect(r.diagnostics).toEqual([]);
    expect(r.resolved?.datasets[0]?.source).toBe('parts/data/rows.jsonl');
    expect(r.resolved?.datasets[0]?.examples.map((e) => e.id)).toEqual(['x1']);
  });

  it('runs the commands of an included agent in that file’s folder', () => {
    const dir = writeFiles({
      'evalc.yaml': `${HEAD}${AGENT}include: [agents/more.yaml]\n`,
      'agents/more.yaml': 'agents:\n  m1: { protocol: mae, transport: local, command: node brain.mjs }\n',
    });
    const loaded = loadPlanFile(path.join(dir, 'evalc.yaml'), dir);
    expect(loaded.commandDirs.agents).toEqual({ a1: '', m1: 'agents' });
  });

  it('concatenates metric lists and points a metric diagnostic into the included file', async () => {
    const r = await load({
      'evalc.yaml': `${HEAD}${AGENT}${TASK('rows.jsonl')}metrics:\n  - { type: pass_rate }\ninclude: [more-metrics.yaml]\n`,
      'more-metrics.yaml': '# extra metrics\nmetrics:\n  - { type: steps }\n  - { type: not_a_metric }\n',
      'rows.jsonl': ROWS,
    });
    expect(where(r)).toEqual([['EVALC_REF_METRIC_TYPE', 'more-metrics.yaml:4:13']]);
    expect(r.diagnostics[0]?.path).toEqual(['metrics', 2, 'type']);
  });

  it('reports an id defined in two files at the second definition', async () => {
    const r = await load({
      'evalc.yaml': `${HEAD}${AGENT}include: [dup.yaml]\n`,
      'dup.yaml': 'agents:\n  a1: { protocol: chat, url: http://127.0.0.1:7102 }\n',
    });
    expect(where(r)).toEqual([['EVALC_INCLUDE_CONFLICT', 'dup.yaml:2:3']]);
  });

  it('reports a missing included file at the include entry', async () => {
    const r = await load({
      'evalc.yaml': `${HEAD}${AGENT}include:\n  - there.yaml\n  - nowhere.yaml\n`,
      'there.yaml': 'prices: {}\n',
    });
    expect(where(r)).toEqual([['EVALC_FILE_NOT_FOUND', 'evalc.yaml:7:5']]);
    expect(r.diagnostics[0]?.message).toBe('included file not found: nowhere.yaml');
  });
});

describe('whole-file problems', () => {
  it('reports an empty plan file, and a plan that is not a mapping', async () => {
    expect(where(await load({ 'evalc.yaml': '# nothing\n' }))).toEqual([
      ['EVALC_PLAN_EMPTY', 'evalc.yaml:1:1'],
    ]);
    expect(where(await load({ 'evalc.yaml': '- a\n- b\n' }))).toEqual([
      ['EVALC_PLAN_NOT_MAP', 'evalc.yaml:1:1'],
    ]);
  });

  it('refuses a second YAML document once, at its `---` line, without advice meant for the YAML library user', async () => {
    const r = await load({ 'evalc.yaml': `${HEAD}${AGENT}---\nevalc: 1\n` });
    // HEAD is 2 lines and AGENT 2: the `---` is line 5.
    expect(r.diagnostics.map((d) => [d.code, d.message, d.source?.line, d.source?.col])).toEqual([
      ['EVALC_YAML_SYNTAX', 'a plan file holds one YAML document (a `---` line starts another)', 5, 1],
    ]);
    expect(r.compiled).toBeUndefined();
  });

  it('counts line 1 columns after a byte order mark, as editors show them', async () => {
    const text = `evalc: 7\nbenchmark: { id: b, version: 1.0.0, bogus: 1 }\n${AGENT}`;
    const r = await load({ 'evalc.yaml': `\uFEFF${text}` });
    // Without the BOM the same plan reports the same positions; `7` is at line 1, column 8.
    const plain = await load({ 'evalc.yaml': text });
    expect(where(r)).toEqual(where(plain));
    expect(where(r).map(([, at]) => at)).toContain('evalc.yaml:1:8');
  });

  it('names an alias without an anchor at the alias (it read "too many alias expansions" at 1:1)', async () => {
    const r = await load({
      'evalc.yaml': `${HEAD}agents:\n  a1: &one { protocol: raip, url: http://127.0.0.1:7101 }\n  a2: *onex\n`,
    });
    // line 5 is "  a2: *onex": the alias starts at column 7.
    expect(r.diagnostics.map((d) => [d.code, d.message, d.source?.line, d.source?.col])).toEqual([
      ['EVALC_YAML_ALIAS', 'the alias *onex names no anchor &onex set before it', 5, 7],
    ]);
  });

  it('applies `<<` merge keys: keys written in the mapping win over the merged ones', async () => {
    const r = await load({
      'evalc.yaml': `${HEAD}agents:\n  a1: &base { protocol: raip, url: http://127.0.0.1:7101, limits: { concurrency: 2 } }\n  a2: { <<: *base, url: http://127.0.0.1:7102 }\n${TASK('rows.jsonl')}`,
      'rows.jsonl': ROWS,
    });
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(r.resolved?.plan.agents.a2).toMatchObject({
      protocol: 'raip',
      url: 'http://127.0.0.1:7102',
      limits: { concurrency: 2 },
    });
  });

  it('reads an alias of an anchor set above it', async () => {
    const r = await load({
      'evalc.yaml': `${HEAD}agents:\n  a1: &one { protocol: raip, url: http://127.0.0.1:7101 }\n  a2: *one\n${TASK('rows.jsonl')}`,
      'rows.jsonl': ROWS,
    });
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(r.resolved?.plan.agents.a2).toEqual(r.resolved?.plan.agents.a1);
    expect(r.compiled).toBeDefined();
  });

  it('reports only the YAML error when the root file does not parse (no cascade of missing fields)', async () => {
    const r = await load({ 'evalc.yaml': `${HEAD}${AGENT}agents:\n  a2: { protocol: chat }\n` });
    expect(where(r)).toEqual([['EVALC_YAML_DUPLICATE_KEY', 'evalc.yaml:5:1']]);
  });

  it('reports a missing plan file without a position', async () => {
    const dir = writeFiles({});
    const r = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
    expect(r.diagnostics.map((d) => [d.code, d.message, d.source])).toEqual([
      ['EVALC_FILE_NOT_FOUND', 'plan file not found: evalc.yaml', undefined],
    ]);
  });
});

describe('schema errors next to semantic errors', () => {
  it('does not report references to an entry that was itself invalid', async () => {
    const r = await load({
      'evalc.yaml': `${HEAD}agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
  a2: { protocol: rapi, url: http://127.0.0.1:7102 }
tasks:
  t:
    agents: [a1, a2]
    bindings:
      default:
        input: { q: "{{q}}" }
        output: { a: "output.a" }
    datasets:
      d: { source: rows.jsonl }
    metrics:
      - { type: exact_match, candidate: b, expected: a }
gates:
  - { metric: exact_match, agent: a2, min: 0.5 }
`,
      'rows.jsonl': ROWS,
    });
    expect(where(r)).toEqual([
      ['EVALC_SCHEMA_VALUE', 'evalc.yaml:5:19'],
      ['EVALC_REF_CANDIDATE', 'evalc.yaml:16:41'],
    ]);
    expect(r.compiled).toBeUndefined();
  });

  it('never compiles a plan that had schema errors, even when salvage succeeded', async () => {
    const r = await load({
      'evalc.yaml': `${HEAD}${AGENT}${TASK('rows.jsonl')}run: { repeats: 0 }\n`,
      'rows.jsonl': ROWS,
    });
    expect(where(r)).toEqual([['EVALC_SCHEMA_INVALID', 'evalc.yaml:13:17']]);
    expect(r.compiled).toBeUndefined();
    expect(r.resolved).toBeUndefined();
  });
  it('does not report references into a whole section that had the wrong shape', async () => {
    const r = await load({
      'evalc.yaml': `${HEAD}agents: [a1]\n${TASK('rows.jsonl')}    agents: [a1]\n`,
      'rows.jsonl': ROWS,
    });
    expect(r.diagnostics.map((d) => d.code)).toEqual(['EVALC_SCHEMA_TYPE']);
  });
});
