/**
 * QA245 (the case next to 68e5afa's folder): `evalc init k` where k/agents/echo-agent.mjs is a FIFO,
 * or k/datasets/smoke.jsonl a link to /dev/null, read 'kept … (already there)' and 'next: evalc
 * validate k'; validate then refused the dataset ('not a regular file (a pipe or a device)') and
 * apply waited 15 s for an agent reading a FIFO. Refused as a folder there is: exit 64, nothing written.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempWorkspace } from '../e2e/apply-harness.js';
import { spawnCli } from './run-cli.js';

const ws = tempWorkspace('qa245-init-scaffold-pipe');
afterAll(() => ws.cleanup());

it('an agents/echo-agent.mjs FIFO: refused, nothing written', () => {
  mkdirSync(path.join(ws.dir, 'k', 'agents'), { recursive: true });
  execFileSync('mkfifo', [path.join(ws.dir, 'k', 'agents', 'echo-agent.mjs')]);
  const result = spawnCli(['init', 'k'], { cwd: ws.dir });
  expect(result.code).toBe(64);
  expect(result.stderr).toBe(
    'evalc: k/agents/echo-agent.mjs is a pipe or a device, not the file the plan names: remove it, or give init a folder without it\n',
  );
  expect(readdirSync(path.join(ws.dir, 'k'))).toEqual(['agents']);
});

it('a datasets/smoke.jsonl link to /dev/null: refused as one', () => {
  mkdirSync(path.join(ws.dir, 'm', 'datasets'), { recursive: true });
  symlinkSync('/dev/null', path.join(ws.dir, 'm', 'datasets', 'smoke.jsonl'));
  const result = spawnCli(['init', 'm'], { cwd: ws.dir });
  expect(result.code).toBe(64);
  expect(result.stderr).toBe(
    'evalc: m/datasets/smoke.jsonl is a link to /dev/null, a pipe or a device, not the file the plan names: remove it, or give init a folder without it\n',
  );
  expect(readdirSync(path.join(ws.dir, 'm'))).toEqual(['datasets']);
});
