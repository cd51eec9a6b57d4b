/**
 * QA59 (fuzzing the front end with mutated plans):
 * - an alias inside the value its own anchor names (`x: &a [*a]`) made a value that holds itself:
 *   `validate`, `plan`, `lint`, `graph`, `apply` died with "internal error: RangeError: Maximum call
 *   stack size exceeded" and a stack trace, exit 1;
 * - `include: [/dev/zero]` (or the plan `evalc validate /dev/zero`) read the device until memory ran
 *   out (23 GB, deaf to SIGTERM); an include that is a FIFO blocked for ever; an include that is a
 *   folder was "included file not found".
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseYamlRows } from '../../src/compiler/dataset-yaml.js';
import { parseYamlFile } from '../../src/plan/yaml-file.js';
import { CLI, spawnCli } from '../cli/run-cli.js';

const dir = mkdtempSync(path.join(tmpdir(), 'qa59-loader-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PLAN = `evalc: 1
benchmark: { id: b }
agents: { a1: { protocol: raip, url: "http://127.0.0.1:9" } }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: x } } ] } }
    metrics: [ { type: pass_rate } ]
`;

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

describe('an alias inside its own anchored value', () => {
  it('is EVALC_YAML_ALIAS at the alias, in a list or a mapping, however deep', () => {
    for (const [text, line, col] of [
      ['x: &a [*a]\n', 1, 8],
      ['a: 1\nx: &m\n  k: *m\n', 3, 6],
      ['x: &a { b: [ { c: [1, *a] } ] }\n', 1, 23],
    ] as const) {
      const r = parseYamlFile('p.yaml', text);
      expect(r.value).toBeUndefined();
      expect(r.diagnostics.map((d) => [d.code, d.source?.line, d.source?.col])).toEqual([
        ['EVALC_YAML_ALIAS', line, col],
      ]);
      expect(r.diagnostics[0]?.message).toContain('would hold itself');
    }
  });

  it('an alias of a value set above it is still fine', () => {
    const r = parseYamlFile('p.yaml', 'a: &a [1, 2]\nb: { c: *a, d: &d { e: *a } }\nf: *d\n');
    expect(r.diagnostics).toEqual([]);
    expect(r.value).toEqual({ a: [1, 2], b: { c: [1, 2], d: { e: [1, 2] } }, f: { e: [1, 2] } });
  });

  it('is said in a YAML dataset too (it was "nests deeper than 512 levels")', () => {
    const r = parseYamlRows('d.yaml', '- id: e1\n  vars: &v { q: *v }\n');
    expect(r.diagnostics.map((d) => [d.code, d.source?.line])).toEqual([['EVALC_YAML_ALIAS', 2]]);
  });

  it('validate, plan, lint and graph exit 65 with the diagnostic, no stack trace', () => {
    write('alias/evalc.yaml', `${PLAN}x-shared: &s [1, *s]\n`);
    for (const command of ['validate', 'plan', 'lint', 'graph']) {
      const r = spawnCli([command, 'alias'], { cwd: dir });
      expect(r.stderr).not.toMatch(/internal error|RangeError|\n\s+at /);
      expect(r.stderr).toContain('evalc.yaml:9:18: error EVALC_YAML_ALIAS');
      expect(r.code).toBe(65);
    }
  });
});

describe('a plan file or include that is no regular file', () => {
  it('an include of a device is refused at its line, without reading it', () => {
    write('dev/evalc.yaml', `${PLAN}include: [/dev/zero]\n`);
    const r = spawnCli(['validate', 'dev'], { cwd: dir, timeoutMs: 10_000 });
    expect(r.stderr).toContain('evalc.yaml:9:11: error EVALC_FILE_NOT_FOUND: included file ');
    expect(r.stderr).toContain('dev/zero is not a regular file (a pipe or a device)');
    expect(r.code).toBe(65);
  });

  it('an include of a FIFO is refused, not waited on for ever', () => {
    write('fifo/evalc.yaml', `${PLAN}include: [pipe.yaml]\n`);
    spawnSync('mkfifo', [path.join(dir, 'fifo/pipe.yaml')]);
    const r = spawnCli(['validate', 'fifo'], { cwd: dir, timeoutMs: 10_000 });
    expect(r.stderr).toContain('included file fifo/pipe.yaml is not a regular file (a pipe or a device)');
    expect(r.code).toBe(65);
  });

  it('an include of a folder says it is a folder', () => {
    write('folder/evalc.yaml', `${PLAN}include: [sub]\n`);
    mkdirSync(path.join(dir, 'folder/sub'));
    const r = spawnCli(['validate', 'folder'], { cwd: dir });
    expect(r.stderr).toContain(
      'evalc.yaml:9:11: error EVALC_FILE_NOT_FOUND: included file folder/sub is a folder, not a file',
    );
    expect(r.code).toBe(65);
  });

  it('an include that exists but cannot be read says why, not "not found"', () => {
    write('eio/evalc.yaml', `${PLAN}include: [/proc/self/mem]\n`);
    const r = spawnCli(['validate', 'eio'], { cwd: dir });
    expect(r.stderr).toMatch(/proc\/self\/mem cannot be read \(EIO: /);
    expect(r.code).toBe(65);
  });

  it('an empty include path is said as such, not as the plan folder', () => {
    write('empty/evalc.yaml', `${PLAN}include: ["", " "]\n`);
    const r = spawnCli(['validate', 'empty'], { cwd: dir });
    expect(r.stderr).toContain(
      'evalc.yaml:9:11: error EVALC_FILE_NOT_FOUND: an empty include path names no file',
    );
    expect(r.stderr).toContain(
      'evalc.yaml:9:15: error EVALC_FILE_NOT_FOUND: an empty include path names no file',
    );
    expect(r.stderr).not.toContain('folder');
    expect(r.code).toBe(65);
  });

  it('an include that is a URL says so, without its credentials, not "not found: https:/host/…"', () => {
    write('url/evalc.yaml', `${PLAN}include: ["https://u:pw@127.0.0.1:1/x.yaml"]\n`);
    const r = spawnCli(['validate', 'url'], { cwd: dir });
    expect(r.stderr).toContain(
      'evalc.yaml:9:11: error EVALC_FILE_NOT_FOUND: include https://127.0.0.1:1/x.yaml: https:// is not a file evalc includes',
    );
    expect(r.stderr).not.toContain('pw');
    expect(r.code).toBe(65);
  });

  it('the plan named on the command line may not be a device (usage, 64), but may be a pipe', () => {
    const r = spawnCli(['validate', '/dev/zero'], { cwd: dir, timeoutMs: 10_000 });
    expect(r.stderr).toContain('is not a regular file (a pipe or a device)');
    expect(r.code).toBe(64);
    const planFile = write('piped.yaml', PLAN);
    const piped = spawnSync('bash', ['-c', `"${process.execPath}" "${CLI}" validate <(cat "${planFile}")`], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(piped.stdout).toContain('valid (1 example');
    expect(piped.status).toBe(0);
  });
});
