/**
 * Validate-time check of the paths metrics read from the examples (`expected: PATH`,
 * `reference: PATH`, `vars.X`): when no example of a dataset has the value, every example's
 * metric would be a `metric_error` at run time (a typo such as `expected: answr`): a warning. The rule
 * mirrors src/metrics/resolve-fields.ts: a non-mapping expected value is used whole, and an
 * example with `expected_sha256` is scored from its hash.
 */
import { isPlainObject, readPath } from '../metrics/resolve-fields.js';
import type { Diagnostic, PlanPath, SourcePosition } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import { didYouMean } from '../plan/suggest.js';
import type { ResolvedExample } from './datasets.js';
import type { ResolvedGroup } from './resolve.js';

/** Params that, when set, replace the expected value (so `expected:` is not read). */
const OVERRIDES: Record<string, string> = {
  regex: 'pattern',
  contains: 'value',
  tool_call_match: 'calls',
  checkpoints: 'checkpoints',
  progress_rate: 'checkpoints',
  checklist: 'items',
};

export function checkExpectedPaths(
  group: ResolvedGroup,
  locate: (path: PlanPath) => SourcePosition | undefined,
): Diagnostic[] {
  const examples = group.dataset.examples;
  if (examples.length === 0) return [];
  const out: Diagnostic[] = [];
  for (const metric of group.metrics) {
    const config = metric.config as Record<string, unknown>;
    const override = OVERRIDES[metric.type];
    if (override !== undefined && config[override] !== undefined) continue;
    for (const key of ['expected', 'reference']) {
      const written = config[key];
      if (typeof written !== 'string' || written === '') continue;
      if (examples.some((example) => hasValueAt(example, written))) continue;
      const path = [...metric.path, key];
      const where = written.startsWith('vars.') ? written : `expected.${written}`;
      out.push(
        diagnostic(
          'EVALC_REF_EXPECTED',
          `\`${metric.id}\` reads ${where}, which no example of dataset ${group.datasetId} has`,
          path,
          // A warning: the plan is well-formed and `evalc lint` must still run on such a dataset
          // (EVALC_LINT_EMPTY_EXPECTED); at run time each example's metric is a metric_error.
          { source: locate(path), hint: hintFor(written, examples), severity: 'warning' },
        ),
      );
    }
  }
  return out;
}

function hasValueAt(example: ResolvedExample, path: string): boolean {
  if (path.startsWith('vars.')) return readPath(example.vars, path.slice(5)) !== undefined;
  if (example.expected_sha256 !== undefined) return true;
  if (example.expected === undefined) return false;
  if (!isPlainObject(example.expected)) return true;
  return readPath(example.expected, path) !== undefined;
}

function hintFor(path: string, examples: readonly ResolvedExample[]): string | undefined {
  const isVars = path.startsWith('vars.');
  const names = new Set<string>();
  for (const example of examples.slice(0, 100)) {
    const root = isVars ? example.vars : example.expected;
    if (isPlainObject(root)) for (const name of Object.keys(root)) names.add(name);
  }
  const head = isVars ? path.slice(5).split('.')[0]! : path.split('.')[0]!;
  const suggestion = didYouMean(head, names);
  if (suggestion) return suggestion;
  return names.size > 0
    ? `the examples have ${isVars ? 'vars' : 'expected'}: ${[...names].join(', ')}`
    : undefined;
}
