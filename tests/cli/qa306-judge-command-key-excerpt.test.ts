/**
 * QA306: validate's excerpt starred a key pasted as a reference's name of name characters only: a
 * stdio judge command's `${env.sk-proj-AbCd…}`, `${env:ghp_…}`, `${sk-live-51H…}` were shown whole under
 * every diagnostic of the line. No output of validate, validate --json or plan holds them now.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { judgeCommandPlan } from '../compiler/judge-command-plan.js';
import { runCli } from '../e2e/apply-harness.js';

const KEYS = [
  ['${env.sk-proj-', 'AbCdEfGhIjKlMnOpQrStUvWx0123456789}'],
  ['${env:ghp_', 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789}'],
  ['${sk-live-', '51HAbCdEfGhIjKlMnOp0123456789}'],
] as const;

it('validate, validate --json and plan never print a key past a name’s characters in a judge command', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'qa306-'));
  try {
    for (const [head, key] of KEYS) {
      writeFileSync(path.join(dir, 'evalc.yaml'), judgeCommandPlan(`node judge.mjs || echo ${head}${key}`));
      for (const args of [['validate'], ['validate', '--json'], ['plan']]) {
        const out = await runCli(args, { cwd: dir });
        expect(out.code).not.toBe(0);
        const text = out.stdout + out.stderr;
        expect(text).toContain('EVALC_JUDGE_CONFIG');
        expect(text).not.toContain(key.slice(0, 12));
        expect(text).not.toContain(key.slice(-14, -1));
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
