/**
 * QA234 (the case next to QA227's 3b0ff99 and QA231's e99fcc4): `evalc init f` where f/.gitignore is
 * a link to a missing file made datasets/, agents/ and schemas/, then met writeFileSync's ENOENT with
 * a stack trace, evalc.yaml never written. A scaffold file that is a broken link (or a loop of links)
 * is refused first, as the plan's is: exit 64, nothing written.
 */
import { mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempWorkspace } from '../e2e/apply-harness.js';
import { spawnCli } from './run-cli.js';

const ws = tempWorkspace('qa234-init-scaffold-broken-link');
afterAll(() => ws.cleanup());

it('a .gitignore linked to a missing file: refused, nothing written', () => {
  mkdirSync(path.join(ws.dir, 'f'));
  symlinkSync('../gone/x', path.join(ws.dir, 'f', '.gitignore'));
  const result = spawnCli(['init', 'f'], { cwd: ws.dir });
  expect(result.code).toBe(64);
  expect(result.stderr).toBe(
    'evalc: f/.gitignore is a link to ../gone/x, which does not exist: init writes nothing through a link; remove it, or give init a folder without it\n',
  );
  expect(readdirSync(path.join(ws.dir, 'f'))).toEqual(['.gitignore']);
});

it('a dataset file that is a loop of links: refused as one', () => {
  mkdirSync(path.join(ws.dir, 'g', 'datasets'), { recursive: true });
  symlinkSync('smoke.jsonl', path.join(ws.dir, 'g', 'datasets', 'smoke.jsonl'));
  const result = spawnCli(['init', 'g'], { cwd: ws.dir });
  expect(result.code).toBe(64);
  expect(result.stderr).toMatch(
    /^evalc: g\/datasets\/smoke\.jsonl is a link to smoke\.jsonl, a loop of links that reaches no file: /,
  );
  expect(readdirSync(path.join(ws.dir, 'g'))).toEqual(['datasets']);
});
