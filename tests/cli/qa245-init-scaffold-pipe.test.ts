/**
 * QA245 (the case next to 68e5afa's folder): `evalc init k` where k/agents/echo-agent.mjs is a FIFO,
 * or k/datasets/smoke.jsonl a link to /dev/null, read 'kept … (already there)' and 'next: evalc
 * validate k'; validate then refused the dataset ('not a regular file (a pipe or a device)') and
 * apply waited 15 s for an agent reading a FIFO. Refused as a folder there is: exit 64, nothing written.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { initWorkspace } from '../fixtures/init-scaffold.js';

const ws = initWorkspace('qa245-init-scaffold-pipe');

it('an agents/echo-agent.mjs FIFO: refused, nothing written', () => {
  ws.plant('k/agents/echo-agent.mjs', 'fifo');
  const result = ws.init('k');
  expect(result.code).toBe(64);
  expect(result.stderr).toBe(
    'evalc: k/agents/echo-agent.mjs is a pipe or a device, not the file the plan names: remove it, or give init a folder without it\n',
  );
  expect(readdirSync(path.join(ws.dir, 'k'))).toEqual(['agents']);
});

it('a datasets/smoke.jsonl link to /dev/null: refused as one', () => {
  ws.plant('m/datasets/smoke.jsonl', { link: '/dev/null' });
  const result = ws.init('m');
  expect(result.code).toBe(64);
  expect(result.stderr).toBe(
    'evalc: m/datasets/smoke.jsonl is a link to /dev/null, a pipe or a device, not the file the plan names: remove it, or give init a folder without it\n',
  );
  expect(readdirSync(path.join(ws.dir, 'm'))).toEqual(['datasets']);
});
