/**
 * The hint of a missing required field: the smallest thing to write there, in DESIGN §2's shape
 * (QA64: a partial plan said only "missing required field `bindings` in tasks.t").
 */
import type { PlanPath } from './diagnostic.js';

export function missingFieldHint(path: PlanPath): string | undefined {
  const key = path.at(-1);
  const parent = path.length === 3 ? path[0] : path.length === 1 ? '' : undefined;
  if (path.length === 1 && key === 'benchmark') return 'add benchmark: { id: my-benchmark, version: 1.0.0 }';
  if (path.length === 2 && path[0] === 'benchmark' && key === 'id')
    return 'add id: <a name for the benchmark> (its reports and lockfile are named by it)';
  if (parent === 'tasks' && key === 'bindings')
    return 'add bindings: { default: { input: { query: "{{<var>}}" }, output: { answer: "<JMESPath into the reply>" } } }';
  if (parent === 'tasks' && key === 'datasets')
    return 'add datasets: { <id>: { source: datasets/<file>.jsonl } } (or inline examples: [...])';
  if (parent === 'rubrics' && key === 'dimensions')
    return 'add dimensions: [{ id: <id>, description: "<what a good answer does>", weight: 1 }]';
  return undefined;
}
