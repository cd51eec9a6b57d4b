/**
 * QA300: a key pasted as a reference's name in a stdio judge's command, `${env.ghp_AbCd…}`, is said
 * `${env…}` by EVALC_SECRET_PLACEMENT and starred in the excerpt, but the judge command checks beside
 * it (`|| …`, a redirection, a pipeline, a comment, a trailing `rpc`) quoted it whole, in the message
 * and its hint; cut to 80 characters (QA289) they kept its head. They say `${env…}` too now.
 */
import { describe, expect, it } from 'vitest';
import { judgeCommandDiagnostics } from './judge-command-plan.js';

const KEY = 'ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const REF = `\${env.${KEY}}`;
const pad = 'y'.repeat(60);

describe('a stdio judge command holding a key pasted as a reference name', () => {
  for (const [name, command] of [
    ['|| fallback', `node judge.mjs || echo ${REF}`],
    ['|| fallback cut mid-key', `node judge.mjs || echo ${pad} ${REF}`],
    ['; echo', `node judge.mjs; echo ${REF}`],
    ['stdout redirection', `node judge.mjs > ${REF}`],
    ['stdin redirection', `node judge.mjs < ${REF}`],
    ['pipeline', `cat | node judge.mjs ${REF}`],
    ['comment', `node judge.mjs # ${REF}`],
    ['subshell', `(node judge.mjs ${REF})`],
    ['trailing rpc', `node judge.mjs --k ${REF} rpc`],
    ['trailing rpc, long', `node judge.mjs ${pad}${pad} --k ${REF} rpc`],
    ['--verbose rpc', `node judge.mjs --k ${REF} --verbose rpc`],
  ] as const) {
    it(`${name}: says \${env…}, never the key or its head`, async () => {
      const found = (await judgeCommandDiagnostics(command)).filter((d) => d.code === 'EVALC_JUDGE_CONFIG');
      expect(found).toHaveLength(1);
      const text = `${found[0]?.message}\n${found[0]?.hint}`;
      expect(text).not.toContain('AbCd');
      expect(text).not.toContain('0123');
      expect(text).not.toContain('ghp_');
      expect(text).toContain('${env…');
    });
  }
  it('a plain name, and the shell’s own forms, are quoted as written', async () => {
    for (const tail of ['echo ${env.JUDGE_MODE}', 'echo "${@}" ${HOME:-/root} ${#X}']) {
      const [d] = (await judgeCommandDiagnostics(`node judge.mjs || ${tail}`)).filter(
        (x) => x.code === 'EVALC_JUDGE_CONFIG',
      );
      expect(d?.message).toContain(`\`|| ${tail}\``);
    }
  });
  it('a key typed in braces without env. is said ${…}, as EVALC_SECRET_SYNTAX says it', async () => {
    const [d] = (await judgeCommandDiagnostics(`node judge.mjs || echo \${${KEY}}`)).filter(
      (x) => x.code === 'EVALC_JUDGE_CONFIG',
    );
    expect(d?.message).toContain('`|| echo ${…}`');
    expect(d?.message).not.toContain('AbCd');
  });
});

describe('a long option before a trailing `rpc`', () => {
  it('is quoted cut to 80 characters, as the command around it (QA289)', async () => {
    const option = `--${'y'.repeat(3_000)}`;
    const [d] = (await judgeCommandDiagnostics(`node judge.mjs ${option} rpc`)).filter(
      (x) => x.code === 'EVALC_JUDGE_CONFIG',
    );
    expect(d?.message).toContain(`ends in \`${option.slice(0, 80)}… rpc\``);
    expect(d?.message.length).toBeLessThan(400);
    expect(d?.hint).toContain(`\`${option.slice(0, 80)}…=rpc\``);
    expect(d?.hint?.length ?? 0).toBeLessThan(500);
  });
});

describe('a long shell or flag before `-c SCRIPT`', () => {
  it('is quoted cut to 80 characters', async () => {
    const shell = `/opt/${'y'.repeat(3_000)}/bash`;
    const [d] = (await judgeCommandDiagnostics(`${shell} -c 'node judge.mjs'`)).filter(
      (x) => x.code === 'EVALC_JUDGE_CONFIG',
    );
    expect(d?.message).toContain(`runs \`${shell.slice(0, 80)}…\` with a script`);
    expect(d?.message.length).toBeLessThan(400);
    expect(d?.hint?.length ?? 0).toBeLessThan(300);
  });
});
