/**
 * QA234: `evalc init k` where k/agents/echo-agent.mjs (or datasets/smoke.jsonl, or a link to a
 * folder there) is a folder read 'kept k/agents/echo-agent.mjs (already there)' and 'next: evalc
 * validate k, …', and the plan it wrote then failed ('Cannot find module', 'is a folder, not a file').
 * It is refused as evalc.yaml's folder is: exit 64, nothing written.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { initWorkspace } from '../fixtures/init-scaffold.js';

const ws = initWorkspace('qa234-init-scaffold-folder');

it('an agents/echo-agent.mjs folder: refused, nothing written', () => {
  ws.plant('k/agents/echo-agent.mjs', 'folder');
  const result = ws.init('k');
  expect(result.code).toBe(64);
  expect(result.stderr).toBe(
    'evalc: k/agents/echo-agent.mjs is a folder, not the file the plan names: remove it, or give init a folder without it\n',
  );
  expect(readdirSync(path.join(ws.dir, 'k'))).toEqual(['agents']);
});

it('a datasets/smoke.jsonl link to a folder: refused as one', () => {
  ws.plant('elsewhere', 'folder');
  ws.plant('m/datasets/smoke.jsonl', { link: '../../elsewhere' });
  const result = ws.init('m');
  expect(result.code).toBe(64);
  expect(result.stderr).toBe(
    'evalc: m/datasets/smoke.jsonl is a link to ../../elsewhere, a folder, not the file the plan names: remove it, or give init a folder without it\n',
  );
  expect(readdirSync(path.join(ws.dir, 'm'))).toEqual(['datasets']);
});
