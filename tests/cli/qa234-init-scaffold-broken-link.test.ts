/**
 * QA234 (the case next to QA227's 3b0ff99 and QA231's e99fcc4): `evalc init f` where f/.gitignore is
 * a link to a missing file made datasets/, agents/ and schemas/, then met writeFileSync's ENOENT with
 * a stack trace, evalc.yaml never written. A scaffold file that is a broken link (or a loop of links)
 * is refused first, as the plan's is: exit 64, nothing written.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { initWorkspace } from '../fixtures/init-scaffold.js';

const ws = initWorkspace('qa234-init-scaffold-broken-link');

it('a .gitignore linked to a missing file: refused, nothing written', () => {
  ws.plant('f/.gitignore', { link: '../gone/x' });
  const result = ws.init('f');
  expect(result.code).toBe(64);
  expect(result.stderr).toBe(
    'evalc: f/.gitignore is a link to ../gone/x, which does not exist: init writes nothing through a link; remove it, or give init a folder without it\n',
  );
  expect(readdirSync(path.join(ws.dir, 'f'))).toEqual(['.gitignore']);
});

it('a dataset file that is a loop of links: refused as one', () => {
  ws.plant('g/datasets/smoke.jsonl', { link: 'smoke.jsonl' });
  const result = ws.init('g');
  expect(result.code).toBe(64);
  expect(result.stderr).toMatch(
    /^evalc: g\/datasets\/smoke\.jsonl is a link to smoke\.jsonl, a loop of links that reaches no file: /,
  );
  expect(readdirSync(path.join(ws.dir, 'g'))).toEqual(['datasets']);
});
