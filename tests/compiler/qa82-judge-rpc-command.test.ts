/**
 * QA82: a stdio agent-eval judge's `command:` is the binary (evalc appends `rpc <method>`), but
 * nothing said so, and DESIGN's "`agent-eval rpc judge` over stdio" invites
 * `command: python3 judge.py rpc judge`: evalc then ran `python3 judge.py rpc judge rpc version`
 * and every judge call failed with the judge's own traceback. validate refuses it, naming the
 * command to write.
 */
import { describe, expect, it } from 'vitest';
import { judgeCommandDiagnostics } from './judge-command-plan.js';

async function diagnosticsFor(command: string): Promise<string[]> {
  return (await judgeCommandDiagnostics(command)).map(
    (d) =>
      `${d.severity} ${d.code} ${d.path.join('.')} ${d.source?.line}:${d.source?.col} ${d.message} | ${d.hint}`,
  );
}

describe('a stdio judge command that already ends in `rpc …` (QA82)', () => {
  it('refuses `python3 judge.py rpc judge`, naming the command to write', async () => {
    expect(await diagnosticsFor('python3 judge.py rpc judge')).toEqual([
      'error EVALC_JUDGE_CONFIG judges.j.command 6:39 judge j: command: ends in `rpc judge`, which evalc appends itself (it would run `python3 judge.py rpc judge rpc version`) | give the binary alone, `command: python3 judge.py`: evalc runs `python3 judge.py rpc version`, `… rpc judge` (params on stdin)',
    ]);
  });

  it('refuses `agent-eval rpc` and `agent-eval rpc-batch judge`', async () => {
    expect((await diagnosticsFor('agent-eval rpc')).map((d) => d.split(' | ')[0])).toEqual([
      'error EVALC_JUDGE_CONFIG judges.j.command 6:39 judge j: command: ends in `rpc`, which evalc appends itself (it would run `agent-eval rpc rpc version`)',
    ]);
    expect(await diagnosticsFor('npx agent-eval rpc-batch judge')).toHaveLength(1);
  });

  it('accepts the binary alone, and a path that merely contains rpc', async () => {
    expect(await diagnosticsFor('python3 judge.py')).toEqual([]);
    expect(await diagnosticsFor('node rpc/judge.mjs --rpc')).toEqual([]);
    expect(await diagnosticsFor('rpc')).toEqual([]);
  });

  it("accepts an option's value `rpc`, and still refuses `-m agent_eval rpc judge` (QA83)", async () => {
    // `sh judge.sh --transport rpc` runs `… --transport rpc rpc judge`: a working judge, which the
    // check refused with the hint `command: sh judge.sh --transport`.
    expect(await diagnosticsFor('sh judge.sh --transport rpc')).toEqual([]);
    expect(await diagnosticsFor('python3 judge.py -t rpc-batch')).toEqual([]);
    expect(await diagnosticsFor('python3 -m rpc')).toEqual([]);
    expect(await diagnosticsFor('python3 judge.py --transport=rpc rpc judge')).toHaveLength(1);
    expect(await diagnosticsFor('python3 -m agent_eval rpc judge')).toHaveLength(1);
  });

  it('still refuses `rpc judge` after a flag: `agent-eval --verbose rpc judge` (QA84)', async () => {
    // f5bd801 read `rpc` after any option as that option's value, so this passed validate and
    // evalc ran `… --verbose rpc judge rpc version`: every judge call failed. Whether `rpc` is a
    // subcommand or an option's value, a `judge` word after it is followed by evalc's own `rpc judge`.
    expect(await diagnosticsFor('agent-eval --verbose rpc judge')).toEqual([
      'error EVALC_JUDGE_CONFIG judges.j.command 6:39 judge j: command: ends in `rpc judge`, which evalc appends itself (it would run `agent-eval --verbose rpc judge rpc version`) | give the binary alone, `command: agent-eval --verbose`: evalc runs `agent-eval --verbose rpc version`, `… rpc judge` (params on stdin)',
    ]);
    expect(await diagnosticsFor('python3 judge.py -v rpc-batch judge')).toHaveLength(1);
  });
});
