/**
 * QA315: a gate's `dataset: search/csv` — the form `--only search/csv` takes and the reports print
 * (`dataset:search/csv`) — is refused as an unknown dataset, now with the hint to write the task
 * apart (`task: search, dataset: csv`); it was hinted the bare dataset ids only.
 */
import { describe, expect, it } from 'vitest';
import { planDiagnostics } from './plan-helpers.js';

const plan = (gate: string) => `evalc: 1
benchmark: { id: b }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  search:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: "output.answer" } } }
    datasets:
      csv: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }
      json: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }
metrics:
  - { type: pass_rate }
gates:
  - ${gate}
`;

const hints = async (gate: string) =>
  (await planDiagnostics(plan(gate)))
    .filter((d) => d.code === 'EVALC_REF_DATASET')
    .map((d) => `${d.source?.line}:${d.source?.col} ${d.message} | ${d.hint}`);

describe('a gate naming a dataset as task/dataset', () => {
  it('is told to write the task apart', async () => {
    expect(await hints('{ metric: pass_rate, scope: dataset, dataset: search/csv, min: 0.5 }')).toEqual([
      '14:51 gate names unknown dataset `search/csv` | a gate names the task apart: task: search, dataset: csv',
    ]);
    expect(await hints('{ metric: pass_rate, task: search, dataset: search/json, min: 0.5 }')).toEqual([
      '14:49 gate names unknown dataset `search/json` of task search | a gate names the task apart: task: search, dataset: json',
    ]);
  });

  it('keeps the other hints where no such pair exists', async () => {
    expect(await hints('{ metric: pass_rate, dataset: search/csvv, min: 0.5 }')).toEqual([
      '14:35 gate names unknown dataset `search/csvv` | datasets: csv, json',
    ]);
    expect(await hints('{ metric: pass_rate, dataset: constructor/x, min: 0.5 }')).toEqual([
      '14:35 gate names unknown dataset `constructor/x` | datasets: csv, json',
    ]);
    expect(await hints('{ metric: pass_rate, dataset: cvs, min: 0.5 }')).toEqual([
      '14:35 gate names unknown dataset `cvs` | did you mean `csv`?',
    ]);
    expect(await hints('{ metric: pass_rate, dataset: csv, min: 0.5 }')).toEqual([]);
  });
});
