/**
 * QA289: 75158ebf cut the quoted comment of a stdio judge command to 80 characters; the checks
 * beside it quoted their part of the command whole: the tail after `||` or `; echo` (twice, in the
 * message and its hint), a pipeline's last command, a subshell, a stdin or stdout redirection. A
 * command may be 120 KiB, and validate printed it on one line. Each is cut to 80 with a `…` now.
 */
import { describe, expect, it } from 'vitest';
import { judgeCommandDiagnostics } from './judge-command-plan.js';

const pad = 'x'.repeat(5_000);
const cut = `${pad.slice(0, 80)}…`;

describe('a stdio judge command with a long part quoted by validate', () => {
  for (const [name, command, quoted] of [
    ['|| fallback', `node judge.mjs || echo ${pad}`, `|| ${`echo ${pad}`.slice(0, 80)}…\``],
    ['; echo', `node judge.mjs; echo ${pad}`, `; ${`echo ${pad}`.slice(0, 80)}…\``],
    ['pipeline', `cat | node judge.mjs ${pad}`, `\`${`node judge.mjs ${pad}`.slice(0, 80)}… rpc version\``],
    ['subshell', `(node judge.mjs ${pad})`, `(\`${cut}\`)`],
    ['stdin', `node judge.mjs < /tmp/${pad}`, `(\`${`< /tmp/${pad}`.slice(0, 80)}…\`)`],
    ['stdout', `node judge.mjs > /tmp/${pad}`, `(\`${`> /tmp/${pad}`.slice(0, 80)}…\`)`],
  ] as const) {
    it(`${name}: quoted cut to 80 characters`, async () => {
      const found = await judgeCommandDiagnostics(command);
      expect(found).toHaveLength(1);
      const [d] = found;
      expect(d?.message).toContain(quoted);
      expect(d?.message.length).toBeLessThan(400);
      expect(d?.hint?.length ?? 0).toBeLessThan(300);
    });
  }
});

describe('a long stdio judge command ending in evalc’s own `rpc`', () => {
  for (const [name, tail] of [
    ['rpc', 'rpc'],
    ['rpc judge', 'rpc judge'],
    ['--verbose rpc', '--verbose rpc'],
  ] as const) {
    it(`${name}: quotes the command cut, its end kept, and the binary cut in the hint`, async () => {
      const command = `node judge.mjs ${pad} ${tail}`;
      const found = await judgeCommandDiagnostics(command);
      expect(found).toHaveLength(1);
      const [d] = found;
      expect(d?.message).toContain(`(it would run \`…${command.slice(-80)} rpc version\`)`);
      expect(d?.message.length).toBeLessThan(400);
      expect(d?.hint).toContain(`\`command: ${`node judge.mjs ${pad}`.slice(0, 80)}…\``);
      expect(d?.hint?.length ?? 0).toBeLessThan(400);
    });
  }
  it('a short one is quoted whole', async () => {
    const [d] = await judgeCommandDiagnostics('node judge.mjs rpc');
    expect(d?.message).toContain('(it would run `node judge.mjs rpc rpc version`)');
    expect(d?.hint).toContain('`command: node judge.mjs`: evalc runs `node judge.mjs rpc version`');
  });
});
