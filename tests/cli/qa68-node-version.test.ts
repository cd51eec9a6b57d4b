/**
 * QA68: package.json `engines` says which Node evalc runs on; on an older one (Node 18) every
 * command failed deep inside with `evalc: internal error: TypeError: (0 , import_node_crypto3.hash)
 * is not a function` and a stack trace. The binary's loader now says so in one line, exit 1 (and a
 * result event under --json). A real Node 18 is not on the machine: the child runs this Node with
 * `process.version`/`process.versions.node` redefined by a preload, so the loader sees another
 * version — one just below and exactly at the `engines` minimum, read from package.json.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, REPO_ROOT } from './run-cli.js';

const temp = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa68-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
writeFileSync(
  path.join(temp, 'evalc.yaml'),
  `evalc: 1
benchmark: { id: qa68, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:9 }
tasks:
  t:
    bindings:
      default:
        input: { query: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
      d: { examples: [{ id: e1, vars: { q: a }, expected: { answer: a } }] }
    metrics:
      - { type: exact_match, candidate: answer, expected: answer }
`,
);

const engines = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).engines.node as string;
const minimum = /^>=\s*(\d+)\.(\d+)(?:\.(\d+))?$/.exec(engines);

/** The binary run by this Node, which tells the program it is `version` (e.g. "18.20.4"). */
function runAs(version: string, args: string[]) {
  const preload = path.join(temp, `as-${version}.cjs`);
  writeFileSync(
    preload,
    `Object.defineProperty(process, 'version', { value: 'v${version}' });
Object.defineProperty(process.versions, 'node', { value: '${version}' });
`,
  );
  const child = spawnSync(process.execPath, ['-r', preload, CLI, ...args], {
    cwd: temp,
    // Without the code cache: one built by the Node this child pretends to be would be handed to
    // this Node's V8, which accepts another Node 20's cache and may crash on it (the loader's
    // stamp names process.version, which the preload changed).
    env: { PATH: process.env.PATH ?? '', EVALC_NO_CODE_CACHE: '1' },
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { code: child.status, stdout: child.stdout, stderr: child.stderr };
}

describe('evalc on a Node older than package.json engines', () => {
  it('engines is a plain ">=major.minor[.patch]"', () => {
    expect(minimum).not.toBeNull();
  });
  const [major = 0, minor = 0, patch = 0] = (minimum?.slice(1) ?? []).map((n) => Number(n ?? 0));
  const floor = `${major}.${minor}.${patch}`;
  const below = patch > 0 ? `${major}.${minor}.${patch - 1}` : `${major}.${minor - 1}.99`;

  it('Node 18: one line naming the minimum and this Node, exit 1, no stack trace', () => {
    const run = runAs('18.20.4', ['validate', 'evalc.yaml']);
    expect(run.stderr).toBe(
      `evalc: needs Node.js ${floor} or later (package.json "engines"); this is Node.js v18.20.4\n`,
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
  });

  it('just below the minimum is refused too, with a result event under --json', () => {
    const run = runAs(below, ['plan', 'evalc.yaml', '--json']);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual({
      event: 'result',
      exitCode: 1,
      status: 'refused',
      message: `needs Node.js ${floor} or later (package.json "engines"); this is Node.js v${below}`,
    });
  });

  it('at the minimum (and above) the command runs', () => {
    for (const version of [floor, `${major}.${minor + 1}.0`, '22.0.0']) {
      const run = runAs(version, ['validate', 'evalc.yaml']);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('evalc.yaml: valid');
    }
  });
});
