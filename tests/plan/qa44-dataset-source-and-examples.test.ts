/**
 * QA44: DESIGN §2 — a dataset is a `source:` (a file or URL) or inline `examples:`. A dataset with
 * both validated and ran the file, its inline examples ignored without a word.
 */

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from '../compiler/plan-helpers.js';

const PLAN = `evalc: 1
benchmark: { id: b, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings:
      default: { input: { query: "{{q}}" }, output: { answer: "output.answer" } }
    datasets:
      d: { source: d.jsonl, examples: [ { id: inline1, vars: { q: b } } ] }
`;

describe('a dataset with both source: and examples:', () => {
  it('is refused at its examples:', async () => {
    const dir = writeFiles(
      { 'evalc.yaml': PLAN, 'd.jsonl': '{"id":"f1","vars":{"q":"a"}}\n' },
      'evalc-qa44-both-',
    );
    const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => `${d.source?.line}:${d.source?.col} ${d.code} ${d.message}`)).toEqual([
      '10:39 EVALC_SCHEMA_INVALID tasks.t.datasets.d.examples: a dataset has source: or examples:, not both (these examples would be ignored)',
    ]);
  });
});
