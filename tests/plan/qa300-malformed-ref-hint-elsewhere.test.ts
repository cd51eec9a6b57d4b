/**
 * QA300: a malformed reference outside a header or serve.env value (`"${@}"` in a stdio judge's
 * command, `${#X}`, `${env.1X}`) was hinted 'write ${env.NAME}', which EVALC_SECRET_PLACEMENT
 * refuses there too: the user was sent in a circle. The hint says a reference is not read there.
 */
import { expect, it } from 'vitest';
import { judgeCommandDiagnostics } from '../compiler/judge-command-plan.js';

it.each([['node judge.mjs "${@}"'], ['node judge.mjs ${#X}'], ['node judge.mjs ${env.1X}']])(
  '%s: hinted that no reference is read in a command',
  async (command) => {
    const found = (await judgeCommandDiagnostics(command)).filter((d) => d.code === 'EVALC_SECRET_SYNTAX');
    expect(found).toHaveLength(1);
    // In a command, sh's own variable is the way (QA306).
    expect(found[0]?.hint).toBe(
      '${env.NAME} is read only in headers and serve.env: in a command write sh\'s own variable without braces, `$NAME` (serve.env sets it for serve.command), "$@" for the arguments, or the value itself',
    );
  },
);
