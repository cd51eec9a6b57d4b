/**
 * QA26: `evalc schema` copies the package's lock.schema.json and report.schema.json beside the plan
 * schema (README CLI). A binary copied without the package's schemas/ folder (vendored into a repo's
 * tools/, a CI image) wrote the plan schema alone and said nothing. It now warns on stderr.
 */

import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI } from './run-cli.js';

const temp = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa26-lone-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('evalc schema from a binary without its schemas/ folder', () => {
  it('writes the plan schema, exits 0 and warns that the lock and report schemas were not copied', () => {
    const bin = path.join(temp, 'tools', 'evalc.mjs');
    mkdirSync(path.dirname(bin));
    copyFileSync(CLI, bin);
    const work = path.join(temp, 'work');
    mkdirSync(work);
    const run = spawnSync(process.execPath, [bin, 'schema'], {
      cwd: work,
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('wrote schemas/evalc.schema.json\n');
    expect(run.stderr).toBe(
      `evalc: warning: lock.schema.json and report.schema.json not copied: no schemas/ folder beside this evalc (${bin}); install the whole package\n`,
    );
    expect(readdirSync(path.join(work, 'schemas'))).toEqual(['evalc.schema.json']);
  });
});
