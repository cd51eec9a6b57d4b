/**
 * QA227: `evalc init` where evalc.yaml is a folder read 'evalc.yaml already exists: `evalc plan`
 * shows what it would run', and plan refuses a folder; where it is a link to a missing file, init
 * wrote the plan through the link (creating its target) and said 'created evalc.yaml'. Both are
 * said as what they are, exit 64, nothing written.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { initWorkspace } from '../fixtures/init-scaffold.js';

const ws = initWorkspace('qa227-init-plan-not-a-file');

describe('evalc init where evalc.yaml is no regular file', () => {
  it('a folder: said as one, not pointed at evalc plan', () => {
    ws.plant('f/evalc.yaml', 'folder');
    const result = ws.init('f');
    expect(result.code).toBe(64);
    expect(result.stderr).toBe(
      'evalc: f/evalc.yaml is a folder, not a plan: give init a folder without evalc.yaml\n',
    );
    expect(readdirSync(path.join(ws.dir, 'f'))).toEqual(['evalc.yaml']);
  });

  it('a link to a missing file: refused, nothing written through it', () => {
    ws.plant('l/evalc.yaml', { link: 'gone.yaml' });
    const result = ws.init('l');
    expect(result.code).toBe(64);
    expect(result.stderr).toBe(
      'evalc: l/evalc.yaml is a link to gone.yaml, which does not exist: init writes no plan through a link; remove it, or give init a folder without evalc.yaml\n',
    );
    expect(existsSync(path.join(ws.dir, 'l', 'gone.yaml'))).toBe(false);
    expect(readdirSync(path.join(ws.dir, 'l'))).toEqual(['evalc.yaml']);
  });
});
