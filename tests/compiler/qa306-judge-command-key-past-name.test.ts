/**
 * QA306: d2a20ead read a reference's name characters only, so a key holding others pasted in a stdio
 * judge's command, `${env.sk-proj-AbCd…}`, `${env:ghp_…}`, `${sk-live-51H…}`, AWS's `${env.wJalr…/K7MD…}`,
 * was quoted whole by the judge command checks (`|| echo …`, `> …`), and by EVALC_SECRET_SYNTAX beside
 * them. Every message and hint says `${env…}` or `${…}` now; the shell's own forms as written.
 */
import { describe, expect, it } from 'vitest';
import { judgeCommandDiagnostics } from './judge-command-plan.js';

const KEYS = [
  ['${env.sk-proj-', 'AbCdEfGhIjKlMnOpQrStUvWx0123456789}'],
  ['${env:ghp_', 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789}'],
  ['${sk-live-', '51HAbCdEfGhIjKlMnOp0123456789}'],
  ['${env.', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY}'],
  ['${env.', 'ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789:-x}'],
] as const;

describe('a key past a name’s characters in a stdio judge command', () => {
  for (const [head, key] of KEYS)
    for (const shape of [
      'node judge.mjs || echo REF',
      'node judge.mjs > REF',
      'node judge.mjs --k REF rpc',
    ]) {
      const command = shape.replace('REF', `${head}${key}`);
      it(`${command}: no message or hint quotes it`, async () => {
        const found = await judgeCommandDiagnostics(command);
        expect(found.map((d) => d.code)).toContain('EVALC_JUDGE_CONFIG');
        const text = found.map((d) => `${d.message}\n${d.hint}`).join('\n');
        expect(text).not.toContain(key.slice(0, 12));
        expect(text).not.toContain(key.slice(-14, -1));
      });
    }
  it('the shell’s own forms are quoted as written', async () => {
    const tail = 'echo "${@}" ${HOME:-/root} ${#X} ${X:+y} ${X/a/b} $(id -u) `id -g`';
    const [d] = (await judgeCommandDiagnostics(`node judge.mjs || ${tail}`)).filter(
      (x) => x.code === 'EVALC_JUDGE_CONFIG',
    );
    expect(d?.message).toContain(`\`|| ${tail}`);
  });
});
