/**
 * QA92: stdio judge commands that passed validate and failed every judge call at apply, because
 * evalc runs `sh -c '<command> rpc <method>'` and reads the reply from stdout:
 * - `node judge.mjs > judge.log 2>&1`: the reply went to the file ("no output (exit 0)"): an error.
 * - `node judge.mjs 2>&1 | tee judge.log`: `rpc version` went to tee ("unknown command"): a warning.
 * - `sh -c 'node judge.mjs'`: `rpc version` became the script's $0 and $1: a warning, unless the
 *   script passes "$@" and a $0 word follows it.
 * The forms that work stay silent: `2>judge.log`, `2>&1`, `cd dir && node judge.mjs`, a quoted `|`.
 */
import { describe, expect, it } from 'vitest';
import { judgeCommandDiagnostics } from './judge-command-plan.js';

async function diagnosticsFor(command: string): Promise<string[]> {
  return (await judgeCommandDiagnostics(command)).map(
    (d) => `${d.severity} ${d.code} ${d.path.join('.')} ${d.message}`,
  );
}

describe('a stdio judge command the shell runs otherwise than evalc needs (QA92)', () => {
  it('refuses a redirection of stdout, which takes the reply away from evalc', async () => {
    expect(await diagnosticsFor('node judge.mjs > judge.log 2>&1')).toEqual([
      "error EVALC_JUDGE_CONFIG judges.j.command judge j: command: sends the judge's stdout elsewhere (`> judge.log`): evalc reads its reply from stdout, so every call would fail with no output",
    ]);
    for (const command of [
      'node judge.mjs >judge.log',
      'node judge.mjs 1>>judge.log',
      'node judge.mjs &>log',
      'node judge.mjs >&2',
    ])
      expect(
        (await diagnosticsFor(command)).map((d) => d.split(' ')[0]),
        command,
      ).toEqual(['error']);
  });

  it('warns of a pipeline, whose last command receives `rpc <method>`', async () => {
    expect(await diagnosticsFor('node judge.mjs 2>&1 | tee judge.log')).toEqual([
      "warning EVALC_JUDGE_CONFIG judges.j.command judge j: command: is a pipeline: evalc appends `rpc <method>` to its last command (it would run `tee judge.log rpc version`), and the judge's stdin is the pipe, not the params",
    ]);
  });

  it("warns of `sh -c 'script'` that does not pass its arguments on, with a $0 word", async () => {
    expect((await diagnosticsFor("sh -c 'node judge.mjs'")).map((d) => d.split(' ')[0])).toEqual(['warning']);
    expect((await diagnosticsFor(`bash -c 'node judge.mjs "$@"'`)).map((d) => d.split(' ')[0])).toEqual([
      'warning',
    ]);
  });

  it('stays silent on the forms that work', async () => {
    for (const command of [
      'node judge.mjs 2>judge.log',
      'node judge.mjs 2>&1',
      'cd judges && python3 judge.py',
      `sh -c 'node judge.mjs "$@"' judge`,
      "node judge.mjs --sep '|' 2>/dev/null",
      'python3 -m agent_eval',
    ])
      expect(await diagnosticsFor(command), command).toEqual([]);
  });
});
