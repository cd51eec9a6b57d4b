/**
 * QA89: two stdio judge commands the `rpc <method>` check let through, each failing every judge call.
 * - `agent-eval --verbose rpc`: f5bd801 read a lone trailing `rpc` after any option as that option's
 *   value; evalc ran `agent-eval --verbose rpc rpc judge`. Now only after an option known to take a
 *   value (`--transport`, `-t`, `-m`) is it accepted silently; after another it is a warning naming
 *   both ways to write it (`--verbose=rpc` says it is a value).
 * - `agent-eval rpc judge 2>log`: evalc runs the command under `sh -c` with ` rpc judge` appended,
 *   so the words before a trailing redirection are still the last arguments
 *   (`agent-eval rpc judge 2>log rpc judge`); the check now reads through the redirection.
 */
import { describe, expect, it } from 'vitest';
import { judgeCommandDiagnostics } from './judge-command-plan.js';

async function diagnosticsFor(command: string): Promise<string[]> {
  return (await judgeCommandDiagnostics(command)).map(
    (d) => `${d.severity} ${d.code} ${d.path.join('.')} ${d.message} | ${d.hint}`,
  );
}

describe('a lone trailing `rpc` after an option (QA89)', () => {
  it('warns after a flag evalc cannot read as taking a value, naming both ways to write it', async () => {
    expect(await diagnosticsFor('agent-eval --verbose rpc')).toEqual([
      "warning EVALC_JUDGE_CONFIG judges.j.command judge j: command: ends in `--verbose rpc`: if `rpc` is evalc's subcommand, evalc appends it itself (it would run `agent-eval --verbose rpc rpc version`) | `command: agent-eval --verbose` if `rpc` is the subcommand; `--verbose=rpc` if it is --verbose's value (no warning)",
    ]);
    expect((await diagnosticsFor('python3 judge.py -v rpc-batch')).map((d) => d.split(' ')[0])).toEqual([
      'warning',
    ]);
  });

  it('accepts it silently after --transport, -t and -m, and in the option=value form', async () => {
    expect(await diagnosticsFor('sh judge.sh --transport rpc')).toEqual([]);
    expect(await diagnosticsFor('python3 judge.py -t rpc-batch')).toEqual([]);
    expect(await diagnosticsFor('python3 -m rpc')).toEqual([]);
    expect(await diagnosticsFor('agent-eval --verbose=rpc')).toEqual([]);
  });
});

describe('a judge command ending in a shell redirection (QA89)', () => {
  it('refuses `rpc judge` before `2>log`, hinting the command with its redirection kept', async () => {
    expect(await diagnosticsFor('agent-eval rpc judge 2>log')).toEqual([
      'error EVALC_JUDGE_CONFIG judges.j.command judge j: command: ends in `rpc judge`, which evalc appends itself (it would run `agent-eval rpc judge 2>log rpc version`) | give the binary alone, `command: agent-eval 2>log`: evalc runs `agent-eval 2>log rpc version`, `… rpc judge` (params on stdin)',
    ]);
    // Each also sends stdout away from evalc: a second error since QA92; the rpc one is counted here.
    const rpc = (ds: string[]) => ds.filter((d) => d.includes('which evalc appends itself'));
    expect(rpc(await diagnosticsFor('python3 judge.py rpc > /dev/null 2>&1'))).toHaveLength(1);
    expect(rpc(await diagnosticsFor('python3 judge.py rpc-batch judge >>out.log'))).toHaveLength(1);
    expect((await diagnosticsFor('agent-eval --verbose rpc 2> err.log')).map((d) => d.split(' ')[0])).toEqual(
      ['warning'],
    );
  });

  it('accepts the binary with a redirection, and a redirection target named rpc', async () => {
    expect(await diagnosticsFor('python3 judge.py 2>log')).toEqual([]);
    expect(await diagnosticsFor('python3 judge.py 2> rpc')).toEqual([]);
    expect(await diagnosticsFor('sh judge.sh --transport rpc 2>>judge.log')).toEqual([]);
  });
});
