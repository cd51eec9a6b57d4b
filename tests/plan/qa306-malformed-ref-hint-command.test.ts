/**
 * QA306: df855c89 hinted a malformed reference outside a header or serve.env value 'write the value
 * itself here': in a command, run by sh, `"${@}"` or a serve.env variable `${PORT}` has no value to
 * write. A mae local agent's command, serve.command and a stdio judge's command are hinted sh's own
 * form, `$NAME` and "$@"; a url keeps 'write the value itself here'.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { judgeCommandDiagnostics, judgeCommandPlan } from '../compiler/judge-command-plan.js';

it('a command is hinted sh’s own variable, a url the value itself', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'qa306-hint-'));
  try {
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      judgeCommandPlan(
        'node judge.mjs "${@}"',
        `  m: { protocol: mae, transport: local, command: "node mae.mjs \${HOME}" }
  s:
    protocol: raip
    url: "http://127.0.0.1:\${env:PORT}"
    serve:
      command: "node a.mjs --port \${PORT}"
      env: { PORT: "7199" }`,
      ),
    );
    const { diagnostics } = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
    const hints = Object.fromEntries(
      diagnostics.filter((d) => d.code === 'EVALC_SECRET_SYNTAX').map((d) => [d.path.join('.'), d.hint]),
    );
    const sh =
      '${env.NAME} is read only in headers and serve.env: in a command write sh\'s own variable without braces, `$NAME` (serve.env sets it for serve.command), "$@" for the arguments, or the value itself';
    expect(hints).toEqual({
      'agents.m.command': sh,
      'agents.s.serve.command': sh,
      'judges.j.command': sh,
      'agents.s.url': '${env.NAME} is read only in headers and serve.env: write the value itself here',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('one left open in a command, `${PORT`, is hinted sh’s own variable too', async () => {
  const found = (await judgeCommandDiagnostics('node judge.mjs --port ${PORT')).filter(
    (d) => d.code === 'EVALC_SECRET_SYNTAX',
  );
  expect(found.map((d) => d.message)).toEqual(['unterminated reference ${… (no closing `}`)']);
  expect(found[0]?.hint).toBe(
    '${env.NAME} is read only in headers and serve.env: in a command write sh\'s own variable without braces, `$NAME` (serve.env sets it for serve.command), "$@" for the arguments, or the value itself',
  );
});
