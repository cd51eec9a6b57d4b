/**
 * QA227: `evalc plan` naming a folder with no evalc.yaml whose name holds a control character
 * (an ESC) was hinted `evalc init 'es\u001bc'`: single-quoted, after the terminal escaping of every
 * message, that line makes a folder named with a backslash, not this one. It is written in $'…'
 * now, as init's own refusal (1649491) and every line evalc offers (QA196) write it.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempWorkspace } from '../e2e/apply-harness.js';
import { spawnCli } from './run-cli.js';

const ws = tempWorkspace('qa227-init-hint-control-char');
afterAll(() => ws.cleanup());

describe('the init hint of a folder named with a control character', () => {
  it("is written in $'…'", () => {
    mkdirSync(path.join(ws.dir, 'es\u001bc'));
    const result = spawnCli(['plan', 'es\u001bc'], { cwd: ws.dir });
    expect(result.code).toBe(64);
    expect(result.stderr).toContain(
      "hint: no plan in es\\u001bc: `evalc init $'es\\x1bc'` scaffolds one (evalc.yaml, a dataset, a stand-in agent), or name your plan file\n",
    );
  });

  it('a quote still single-quoted', () => {
    mkdirSync(path.join(ws.dir, "it's"));
    const result = spawnCli(['validate', "it's"], { cwd: ws.dir });
    expect(result.stderr).toContain("`evalc init 'it'\\''s'` scaffolds one");
  });
});
