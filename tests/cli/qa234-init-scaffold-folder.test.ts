/**
 * QA234: `evalc init k` where k/agents/echo-agent.mjs (or datasets/smoke.jsonl, or a link to a
 * folder there) is a folder read 'kept k/agents/echo-agent.mjs (already there)' and 'next: evalc
 * validate k, …', and the plan it wrote then failed ('Cannot find module', 'is a folder, not a file').
 * It is refused as evalc.yaml's folder is: exit 64, nothing written.
 */
import { mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempWorkspace } from '../e2e/apply-harness.js';
import { spawnCli } from './run-cli.js';

const ws = tempWorkspace('qa234-init-scaffold-folder');
afterAll(() => ws.cleanup());

it('an agents/echo-agent.mjs folder: refused, nothing written', () => {
  mkdirSync(path.join(ws.dir, 'k', 'agents', 'echo-agent.mjs'), { recursive: true });
  const result = spawnCli(['init', 'k'], { cwd: ws.dir });
  expect(result.code).toBe(64);
  expect(result.stderr).toBe(
    'evalc: k/agents/echo-agent.mjs is a folder, not the file the plan names: remove it, or give init a folder without it\n',
  );
  expect(readdirSync(path.join(ws.dir, 'k'))).toEqual(['agents']);
});

it('a datasets/smoke.jsonl link to a folder: refused as one', () => {
  mkdirSync(path.join(ws.dir, 'm', 'datasets'), { recursive: true });
  mkdirSync(path.join(ws.dir, 'elsewhere'));
  symlinkSync('../../elsewhere', path.join(ws.dir, 'm', 'datasets', 'smoke.jsonl'));
  const result = spawnCli(['init', 'm'], { cwd: ws.dir });
  expect(result.code).toBe(64);
  expect(result.stderr).toBe(
    'evalc: m/datasets/smoke.jsonl is a link to ../../elsewhere, a folder, not the file the plan names: remove it, or give init a folder without it\n',
  );
  expect(readdirSync(path.join(ws.dir, 'm'))).toEqual(['datasets']);
});
