/**
 * A gate on a metric that a left-out part of the plan computes is a cascade of that part's error,
 * not 'unknown metric': a second `tasks:` section, a task or a task's `metrics:` written twice, or
 * an included file with a syntax error (QA166: each read 'gate names unknown metric `contains`',
 * hint 'add `{ type: contains, … }` under metrics:', which the user had done).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type LoadResult, loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from '../compiler/plan-helpers.js';

const HEAD =
  'evalc: 1\nbenchmark: { id: lost, version: 1.0.0 }\nagents:\n  a1: { protocol: raip, url: http://127.0.0.1:7101 }\n';
const task = (id: string, metric: string) => `  ${id}:
    bindings:
      default:
        input: { q: "{{q}}" }
        output: { a: "output.a" }
    datasets:
      d: { source: rows.jsonl }
    metrics:
      - { type: ${metric}, candidate: a, expected: a }
`;
const GATES = 'gates:\n  - { metric: contains, min: 0.5 }\n  - { metric: rouge_l, min: 0.5 }\n';
const ROWS = '{"id":"x1","vars":{"q":"hello"},"expected":{"a":"hi"}}\n';

async function errors(files: Record<string, string>): Promise<string[]> {
  const dir = writeFiles({ 'rows.jsonl': ROWS, ...files });
  const r: LoadResult = await loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    offline: true,
    cacheDir: path.join(dir, 'c'),
  });
  return r.diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.code} ${d.source?.line}:${d.source?.col} ${d.message}`);
}
const unknownMetrics = (said: string[]) => said.filter((s) => s.startsWith('EVALC_REF_METRIC'));

describe('a gate on a metric of a left-out part of the plan', () => {
  it('is not unknown when a second tasks: section computes it', async () => {
    const said = await errors({
      'evalc.yaml': `${HEAD}tasks:\n${task('t1', 'exact_match')}tasks:\n${task('t2', 'contains')}${GATES}`,
    });
    expect(said.map((s) => s.split(' ').slice(0, 2).join(' '))).toContain('EVALC_YAML_DUPLICATE_KEY 15:1');
    expect(unknownMetrics(said)).toEqual(['EVALC_REF_METRIC 27:15 gate names unknown metric `rouge_l`']);
  });

  it('is not unknown when a task written twice computes it', async () => {
    const said = await errors({
      'evalc.yaml': `${HEAD}tasks:\n${task('t1', 'exact_match')}${task('t1', 'contains')}${GATES}`,
    });
    expect(unknownMetrics(said)).toEqual(['EVALC_REF_METRIC 26:15 gate names unknown metric `rouge_l`']);
  });

  it("is not unknown when a task's second metrics: computes it", async () => {
    const said = await errors({
      'evalc.yaml': `${HEAD}tasks:\n${task('t1', 'exact_match')}    metrics:\n      - { type: contains, candidate: a, expected: a }\n${GATES}`,
    });
    expect(said.map((s) => s.split(' ').slice(0, 2).join(' '))).toContain('EVALC_YAML_DUPLICATE_KEY 15:5');
    expect(unknownMetrics(said)).toEqual(['EVALC_REF_METRIC 19:15 gate names unknown metric `rouge_l`']);
  });

  it('is not unknown when an included file with a syntax error computes it', async () => {
    const said = await errors({
      'evalc.yaml': `${HEAD}include: [part.yaml]\n${GATES}`,
      'part.yaml': `tasks:\n${task('t2', 'contains')}    x: [1, 2\n`,
    });
    expect(said.map((s) => s.split(' ').slice(0, 2).join(' '))).toContain('EVALC_YAML_SYNTAX 11:8');
    expect(unknownMetrics(said)).toEqual(['EVALC_REF_METRIC 8:15 gate names unknown metric `rouge_l`']);
  });
});
