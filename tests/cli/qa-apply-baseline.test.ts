/**
 * `evalc apply --baseline LOCK` with a path that does not exist: refused before the run with a
 * clear message (it ran, recorded the regression gates as skipped, then crashed with an internal
 * ENOENT error while stamping the reports); under --json the refusal is a result event. An
 * output folder that cannot be created is a one-line refusal too.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../fixtures/temp-folder.js';
import { spawnCli } from './run-cli.js';

const PLAN = `evalc: 1
benchmark: { id: b, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:9 }
tasks:
  t:
    bindings:
      default:
        input: { query: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }
    metrics:
      - { type: exact_match }
`;

describe('apply --baseline that cannot be read', () => {
  it('is refused up front with exit 1, no internal error, and a refused result event under --json', () => {
    const dir = tempFolder('evalc-qa-baseline-');
    writeFileSync(path.join(dir, 'evalc.yaml'), PLAN);
    const result = spawnCli(['apply', '--baseline', 'nope.lock', '--json'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('cannot read the baseline lockfile');
    expect(result.stderr).not.toContain('internal error');
    expect(JSON.parse(result.stdout.trim())).toMatchObject({
      event: 'result',
      exitCode: 1,
      status: 'refused',
    });
  });
});

describe('an output folder that cannot be created', () => {
  it('is a one-line refusal (exit 1), not an internal error with a stack', () => {
    const dir = tempFolder('evalc-qa-out-');
    writeFileSync(path.join(dir, 'a-file'), 'x');
    const result = spawnCli(['schema', '--out', 'a-file/schemas'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^evalc: cannot write: ENOTDIR/);
    expect(result.stderr).not.toContain('internal error');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });
});
