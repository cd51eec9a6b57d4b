/**
 * One mapping written where a list goes, and a dataset written as its file, say the shape to write
 * (QA166: `metrics: { type: pass_rate }` and `examples: { id: x1 }` read 'expected a list, got a
 * mapping', `d: datasets/s.jsonl` 'expected a mapping, got the string', with no hint, where one text
 * written for a list had one since QA161); a count not whole reads 'a whole number', not zod's 'int'.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from '../compiler/plan-helpers.js';

const plan = (datasets: string, metrics: string) => `evalc: 1
benchmark: { id: s }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
    datasets:
${datasets}
metrics: ${metrics}
run: { concurrency: 1.5 }
`;

async function said(text: string, files: Record<string, string> = {}): Promise<string[]> {
  const dir = writeFiles({ 'evalc.yaml': text, ...files });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    offline: true,
    cacheDir: path.join(dir, 'c'),
  });
  return r.diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.source?.line}:${d.source?.col} ${d.message} | ${d.hint}`);
}

it('hints the list for one mapping, the mapping for a dataset file, and says a whole number', async () => {
  expect(
    await said(
      plan(
        '      d: datasets/s.jsonl\n      e: { examples: { id: x1, vars: { q: hi } } }',
        '{ type: pass_rate }',
      ),
    ),
  ).toEqual([
    '9:10 tasks.t.datasets.d: expected a mapping, got the string "datasets/s.jsonl" | a dataset is a mapping: d: { source: datasets/s.jsonl }',
    '10:22 tasks.t.datasets.e.examples: expected a list, got a mapping | write a list, even of one item: examples: [ { … } ]',
    '11:10 metrics: expected a list, got a mapping | write a list, even of one item: metrics: [ { … } ]',
    '12:21 run.concurrency: expected a whole number, got number 1.5 | a whole number: concurrency: 2',
  ]);
});

it('hints the mapping of a metric written as its type, and of the benchmark written as its id', async () => {
  const text = plan('      d: { examples: [ { id: x1, vars: { q: hi } } ] }', '[ pass_rate ]')
    .replace('benchmark: { id: s }', 'benchmark: s')
    .replace('concurrency: 1.5', 'concurrency: 2');
  expect(await said(text)).toEqual([
    '2:12 benchmark: expected a mapping, got the string "s" | write benchmark: { id: s, version: 1.0.0 }',
    '10:12 metrics[0]: expected a mapping, got the string "pass_rate" | a metric is a mapping: - { type: pass_rate }',
  ]);
  expect(
    await said(
      text
        .replace('benchmark: s', 'benchmark: { id: s, version: 1.0.0 }')
        .replace('[ pass_rate ]', '[ { type: pass_rate } ]'),
    ),
  ).toEqual([]);
});

it('hints true or false for a yes or an off, which YAML 1.2 reads as text', async () => {
  const text = plan(
    '      d: { examples: [ { id: x1, vars: { q: hi } } ] }',
    '[ { type: pass_rate } ]',
  ).replace('run: { concurrency: 1.5 }', 'run: { trace: yes }\nagentz: 1');
  expect((await said(text)).filter((s) => s.includes('trace'))).toEqual([
    '11:15 run.trace: expected boolean, got the string "yes" | write trace: true (YAML reads yes as text)',
  ]);
  expect((await said(text.replace('trace: yes', 'trace: off'))).filter((s) => s.includes('trace'))).toEqual([
    '11:15 run.trace: expected boolean, got the string "off" | write trace: false (YAML reads off as text)',
  ]);
  expect((await said(text.replace('trace: yes', 'trace: true'))).filter((s) => s.includes('trace'))).toEqual(
    [],
  );
});

it('what the hints write validates', async () => {
  expect(
    await said(
      plan(
        '      d: { source: s.jsonl }\n      e: { examples: [ { id: x1, vars: { q: hi } } ] }',
        '[ { type: pass_rate } ]',
      ).replace('concurrency: 1.5', 'concurrency: 2'),
      { 's.jsonl': '{"id":"x1","vars":{"q":"hi"}}\n' },
    ),
  ).toEqual([]);
});

it('hints the mapping of ids for agents: or tasks: written as a list', async () => {
  const dir = writeFiles({
    'evalc.yaml': `evalc: 1
benchmark: { id: s }
agents:
  - a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  - t:
      bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
      datasets: { d: { examples: [ { id: x1, vars: { q: hi } } ] } }
`,
  });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    offline: true,
    cacheDir: path.join(dir, 'c'),
  });
  expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.message} | ${d.hint}`)).toEqual([
    'agents: expected a mapping, got a list | agents is a mapping of ids: write each entry without its `- ` (a1: { … })',
    'tasks: expected a mapping, got a list | tasks is a mapping of ids: write each entry without its `- ` (t: { … })',
  ]);
  // QA172: `- ` put before a task's lines as they were: its fields read as keys beside `t`, no hint.
  const added = writeFiles({
    'evalc.yaml': `evalc: 1
benchmark: { id: s }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  - t:
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
    datasets: { d: { examples: [ { id: x1, vars: { q: hi } } ] } }
`,
  });
  const r2 = await loadPlan(path.join(added, 'evalc.yaml'), {
    cwd: added,
    offline: true,
    cacheDir: path.join(added, 'c'),
  });
  expect(r2.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.message} | ${d.hint}`)).toEqual(
    [
      'tasks: expected a mapping, got a list | tasks is a mapping of ids: write each entry without its `- ` (t: { … })',
    ],
  );
});
