/**
 * QA26: evalc as the npm package users install. `npm pack --dry-run` lists what the tarball holds;
 * those files alone, copied outside the repo (no node_modules, no src/, no repo schemas/ above), must
 * run the binary: `init`, `validate`, `schema` (which copies the shipped lock and report schemas:
 * it skipped them silently when it found no schemas/ folder) and `--version`. The tarball holds no
 * tests, fixtures, pipelines, sources, caches or env files. Nothing is written into the repo.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './run-cli.js';

interface PackEntry {
  path: string;
  size: number;
}

const temp = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa26-pack-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function packedFiles(): PackEntry[] {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    timeout: 60_000,
  });
  const [pack] = JSON.parse(out) as { files: PackEntry[] }[];
  return pack?.files ?? [];
}

describe('the npm tarball', () => {
  it('holds the binary and the schemas, no tests, sources, caches or env files, and runs outside the repo', () => {
    const files = packedFiles();
    const paths = files.map((f) => f.path);
    for (const needed of [
      'package.json',
      'dist/evalc.mjs',
      'dist/index.js',
      'schemas/evalc.schema.json',
      'schemas/lock.schema.json',
      'schemas/report.schema.json',
    ])
      expect(paths, needed).toContain(needed);
    const unwanted = paths.filter((p) =>
      /^(tests|src|pipelines|benchmarks|scripts|test-output|node_modules)\/|(^|\/)\.evalc(\/|$)|(^|\/)\.env|\.lock$|\.tgz$/.test(
        p,
      ),
    );
    expect(unwanted).toEqual([]);
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      version: string;
      bin: Record<string, string>;
    };
    const binPath = pkg.bin.evalc ?? 'missing bin.evalc';
    expect(paths).toContain(binPath);

    // The package as installed: only the packed files, far from the repo and its node_modules.
    const installed = path.join(temp, 'node_modules', 'evalc');
    for (const file of paths) {
      mkdirSync(path.dirname(path.join(installed, file)), { recursive: true });
      copyFileSync(path.join(REPO_ROOT, file), path.join(installed, file));
    }
    const bin = path.join(installed, binPath);
    const work = path.join(temp, 'work');
    mkdirSync(work);
    const run = (args: string[]) =>
      spawnSync(process.execPath, [bin, ...args], {
        cwd: work,
        env: { PATH: process.env.PATH ?? '' },
        encoding: 'utf8',
        timeout: 20_000,
      });
    expect(run(['--version']).stdout).toBe(`${pkg.version}\n`);
    const init = run(['init']);
    expect(init.stderr).toBe('');
    expect(init.status).toBe(0);
    const validate = run(['validate']);
    expect(validate.stdout).toBe('evalc.yaml: valid (2 examples, 1 agent × task × dataset group)\n');
    expect(validate.status).toBe(0);
    const schema = run(['schema']);
    expect(schema.stdout).toBe(
      'wrote schemas/evalc.schema.json\nwrote schemas/lock.schema.json\nwrote schemas/report.schema.json\n',
    );
    expect(schema.status).toBe(0);
    expect(readFileSync(path.join(work, 'schemas/lock.schema.json'), 'utf8')).toBe(
      readFileSync(path.join(REPO_ROOT, 'schemas/lock.schema.json'), 'utf8'),
    );
    expect(existsSync(path.join(REPO_ROOT, `evalc-${pkg.version}.tgz`))).toBe(false);
  }, 90_000);
});
