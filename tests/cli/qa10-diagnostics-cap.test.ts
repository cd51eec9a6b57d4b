/**
 * A 50,000-example dataset with 25,000 duplicate ids (QA10) printed 25,000 diagnostics, 100,000
 * lines on stderr. Text output now shows the first 20 of a code and counts the rest; --json keeps all.
 */
import { describe, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { writeFiles } from '../compiler/plan-helpers.js';
import { runCommand } from './run-cli.js';

const PLAN = `evalc: 1
benchmark: { id: dups, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: "http://127.0.0.1:7101" }
tasks:
  t:
    bindings:
      default:
        input: { query: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
      d: { source: d.jsonl }
`;

function files() {
  const lines = Array.from({ length: 200 }, (_, i) =>
    JSON.stringify({ id: `dup${Math.floor(i / 2)}`, vars: { q: `q${i}` } }),
  );
  return writeFiles({ 'evalc.yaml': PLAN, 'd.jsonl': `${lines.join('\n')}\n` }, 'evalc-qa10-dups-');
}

describe('many diagnostics of one code', () => {
  it('shows the first 20 in full and counts the other 80 in one line, total unchanged', async () => {
    const dir = files();
    const result = await runCommand(validateCommand, ['evalc.yaml'], { cwd: dir });
    expect(result.code).toBe(65);
    const headers = result.stderr.split('\n').filter((l) => l.includes('error EVALC_EXAMPLE_DUPLICATE_ID'));
    expect(headers).toHaveLength(20);
    expect(headers[0]).toContain(
      'd.jsonl:2:1: error EVALC_EXAMPLE_DUPLICATE_ID: duplicate example id "dup0"',
    );
    expect(result.stderr).toContain(
      '… and 80 more EVALC_EXAMPLE_DUPLICATE_ID (20 shown; `evalc validate evalc.yaml --json` lists every one)',
    );
    expect(result.stderr).toContain('100 errors, 0 warnings');
  });

  it('--json still lists every diagnostic', async () => {
    const dir = files();
    const result = await runCommand(validateCommand, ['evalc.yaml', '--json'], { cwd: dir });
    const out = JSON.parse(result.stdout) as { diagnostics: Diagnostic[] };
    expect(out.diagnostics.filter((d) => d.code === 'EVALC_EXAMPLE_DUPLICATE_ID')).toHaveLength(100);
  });
});
