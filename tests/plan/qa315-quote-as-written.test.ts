/**
 * QA315: a number where text is expected is hinted with the value quoted as it was written. YAML
 * reads `0012` as 12, `1.10` as 1.1 and 64 zeros as 0, and the hint quoted that number
 * (`description: "12"`, `sha256: "0"`) or a generic `version: "1.0"`: following it changed the value.
 */

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { hintsOf, planDiagnostics, writeFiles } from '../compiler/plan-helpers.js';
import { removeFolder } from '../fixtures/temp-folder.js';

const ZEROS = '0'.repeat(64);
const PLAN = `evalc: 1
benchmark: { id: b, version: 1.10, description: 0012 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101, serve: { command: node a.mjs, env: { PORT: 7101, ON: true } } }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { a: "output" } } }
    datasets:
      d: { source: d.jsonl, sha256: ${ZEROS} }
`;

const hints = (diagnostics: Diagnostic[]) => hintsOf(diagnostics, 'EVALC_SCHEMA_TYPE');

describe('a number where text is expected', () => {
  it('is hinted quoted as written, not as YAML read it', async () => {
    expect(hints(await planDiagnostics(PLAN))).toEqual([
      'benchmark.version: quote the value to keep it text: version: "1.10" (YAML reads an unquoted 1.10 as the number 1.1)',
      'benchmark.description: quote the value to keep it text: description: "0012" (YAML reads an unquoted 0012 as the number 12)',
      'agents.a1.serve.env.PORT: quote the value to keep it text: PORT: "7101"',
      'agents.a1.serve.env.ON: quote the value to keep it text: ON: "true"',
      `tasks.t.datasets.d.sha256: quote the value to keep it text: sha256: "${ZEROS}" (YAML reads it unquoted as the number 0)`,
    ]);
  });

  it('reads the text from the included file that holds it', async () => {
    const dir = writeFiles({
      'evalc.yaml': 'evalc: 1\ninclude: [more.yaml]\nbenchmark: { id: b }\n',
      'more.yaml':
        'agents:\n  a1:\n    protocol: raip\n    url: http://127.0.0.1:7101\n    description: 0x1F\n',
    });
    try {
      const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
      expect(hints(result.diagnostics)).toEqual([
        'agents.a1.description: quote the value to keep it text: description: "0x1F" (YAML reads an unquoted 0x1F as the number 31)',
      ]);
    } finally {
      removeFolder(dir);
    }
  });
});
