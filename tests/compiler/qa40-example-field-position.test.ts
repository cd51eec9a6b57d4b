/**
 * QA40: a wrong field of a YAML example spread over several lines was shown at the example's
 * first line (`- id: b`), not at the field; YAML is read with positions, so the diagnostic points
 * at the value itself (file:line:col of `heavy` in `weight: heavy`). The same for an inline
 * example in the plan, a JSONL line (a long line was shown at column 1) and a JSON file.
 */

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { datasetPlanYaml, loadDatasetPlan, writeFiles } from './plan-helpers.js';

describe('a wrong field in a YAML example (QA40)', () => {
  it('is shown at the field, line and column', async () => {
    const yaml = ['- id: a', '  vars: { q: x }', '- id: b', '  vars:', '    q: y', '  weight: heavy'].join(
      '\n',
    );
    const r = await loadDatasetPlan('d.yaml', { 'd.yaml': `${yaml}\n` });
    expect(
      r.diagnostics.map((d) => `${d.source?.file}:${d.source?.line}:${d.source?.col} ${d.message}`),
    ).toEqual(['d.yaml:6:11 invalid example (weight): Invalid input: expected number, received string']);
  });

  it('points at a nested field under examples:', async () => {
    const yaml = 'defaults: 1\nexamples:\n  - id: a\n    vars: { q: x }\n    turns: [ok, 3]\n';
    const r = await loadDatasetPlan('d.yaml', { 'd.yaml': yaml });
    expect(r.diagnostics.map((d) => `${d.source?.line}:${d.source?.col} ${d.message}`)).toEqual([
      '5:17 invalid example (turns.1): Invalid input: expected string, received number',
    ]);
  });

  it('points at the field of an inline example in the plan', async () => {
    const plan = datasetPlanYaml('x').replace(
      '      d: { source: x }',
      [
        '      d:',
        '        examples:',
        '          - id: a',
        '            vars: { q: x }',
        '            weight: heavy',
      ].join('\n'),
    );
    const dir = writeFiles({ 'evalc.yaml': plan });
    const r = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, cacheDir: path.join(dir, 'cache') });
    const line = plan.split('\n').findIndex((l) => l.includes('weight: heavy')) + 1;
    expect(
      r.diagnostics.map((d) => `${d.source?.file}:${d.source?.line}:${d.source?.col} ${d.message}`),
    ).toEqual([
      `evalc.yaml:${line}:21 invalid example (weight): Invalid input: expected number, received string`,
    ]);
  });

  it('points at the field on a JSONL line and in a JSON file', async () => {
    const jsonl =
      '{"id":"a","vars":{"q":"x"}}\n  {"id":"b","vars":{"q":"{\\"weight\\": 1"},"weight":"heavy"}\n';
    const rJsonl = await loadDatasetPlan('d.jsonl', { 'd.jsonl': jsonl });
    // Line 2: two spaces, then the value "heavy" after the text that mentions "weight" in a string.
    const col = jsonl.split('\n')[1]!.indexOf('"heavy"') + 1;
    expect(rJsonl.diagnostics.map((d) => `${d.source?.line}:${d.source?.col} ${d.message}`)).toEqual([
      `2:${col} invalid example (weight): Invalid input: expected number, received string`,
    ]);
    const json =
      '[\n  {"id": "a", "vars": {"q": "x"}},\n  {"id": "b",\n   "vars": {"q": "y"},\n   "turns": ["ok", 3]}\n]\n';
    const rJson = await loadDatasetPlan('d.json', { 'd.json': json });
    expect(rJson.diagnostics.map((d) => `${d.source?.line}:${d.source?.col} ${d.message}`)).toEqual([
      '5:20 invalid example (turns.1): Invalid input: expected string, received number',
    ]);
  });
});
